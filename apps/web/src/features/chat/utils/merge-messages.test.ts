import type { Message } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { testMessage } from '../../../test/messages';
import { isOwnMessage, lastMessageId, mergeMessages } from './merge-messages';

const msg = (id: number, content = `m${id}`, extra: Partial<Message> = {}) => testMessage(id, content, { sender: 'Ann', sender_id: 7, ...extra });

describe('mergeMessages', () => {
  it('orders by id whatever the arrival order', () => {
    const merged = mergeMessages([msg(3)], [msg(1), msg(5), msg(2)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 5]);
  });

  it('never duplicates a message that arrives by push, poll and resume', () => {
    let list: Message[] = [];
    list = mergeMessages(list, [msg(10)]); // push
    list = mergeMessages(list, [msg(10), msg(9), msg(8)]); // poll page (newest first)
    list = mergeMessages(list, [msg(10), msg(11)]); // resume after reconnect
    expect(list.map((m) => m.id)).toEqual([8, 9, 10, 11]);
  });

  it('lets the later copy win', () => {
    const merged = mergeMessages([msg(1, 'old')], [msg(1, 'new')]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.content).toBe('new');
  });

  it('ignores typing placeholders', () => {
    const merged = mergeMessages([msg(1)], [msg(2, '', { is_typing: true })]);
    expect(merged.map((m) => m.id)).toEqual([1]);
  });

  it('returns the same array when nothing changed, so React can skip a render', () => {
    const first = msg(1);
    const list = [first];
    expect(mergeMessages(list, [])).toBe(list);
    expect(mergeMessages(list, [first])).toBe(list);
  });
});

describe('lastMessageId', () => {
  it('is the greatest id or 0', () => {
    expect(lastMessageId([])).toBe(0);
    expect(lastMessageId([msg(4), msg(12), msg(7)])).toBe(12);
  });
});

describe('isOwnMessage', () => {
  it('compares the sender id with the viewer', () => {
    expect(isOwnMessage(msg(1, 'x', { sender_id: 7 }), 7)).toBe(true);
    // A pushed copy built for the sender still shows on the left for the other side.
    expect(isOwnMessage(msg(1, 'x', { sender_id: 7, is_mine: true }), 8)).toBe(false);
  });

  it("falls back to is_mine and the spec's 'Me' sender", () => {
    expect(isOwnMessage(msg(1, 'x', { sender_id: null, sender: 'Me' }), 7)).toBe(true);
    expect(isOwnMessage(msg(1, 'x', { sender_id: null, sender: 'me' }), null)).toBe(true);
    expect(isOwnMessage(msg(1, 'x', { sender_id: null, sender: 'Bot' }), 7)).toBe(false);
  });
});
