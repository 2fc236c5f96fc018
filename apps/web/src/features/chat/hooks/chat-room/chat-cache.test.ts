import type { Topic } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client';
import { testMessage } from '../../../../test/messages';
import { addMessages, chatKeys, patchTopic, putTopic, readConversation, type Conversation } from './chat-cache';

const msg = (id: number) => testMessage(id, `m${id}`, { topic_id: 9 });

describe('chat cache: every source writes into one conversation per topic', () => {
  it('a push before the first page, the page, a poll and a send end as one ordered list without duplicates, keeping the next page', () => {
    const client = createQueryClient();
    addMessages(client, 9, [msg(21)]); // pushed while the first page was loading
    client.setQueryData<Conversation>(chatKeys.messages(9), (current) => ({ messages: [...(current?.messages ?? []), msg(19), msg(20)], nextPage: 2 }));
    addMessages(client, 9, [msg(21), msg(22)]); // the poll repeats 21
    addMessages(client, 9, [msg(23)]); // the send's result
    expect(readConversation(client, 9).messages.map((m) => m.id)).toEqual([19, 20, 21, 22, 23]);
    expect(readConversation(client, 9).nextPage).toBe(2);
    expect(readConversation(client, 10).messages).toEqual([]);
  });

  it('the topic: events patch it, a fresh copy replaces it, and a partner who left is no longer named (issue 33 #11)', () => {
    const client = createQueryClient();
    const topic = { id: 9, title: 'Books', interlocutor_name: 'Calm Otter', participants_count: 2, is_closed: false } as Topic;
    client.setQueryData(chatKeys.topic(9), topic);
    patchTopic(client, 9, { is_closed: true });
    expect(client.getQueryData<Topic>(chatKeys.topic(9))).toMatchObject({ is_closed: true, interlocutor_name: 'Calm Otter' });
    putTopic(client, 9, { ...topic, interlocutor_name: null, participants_count: 1 });
    expect(client.getQueryData<Topic>(chatKeys.topic(9))).toMatchObject({ participants_count: 1, interlocutor_name: null });
  });
});
