import { type AttachmentCosts, type Message, type Topic } from '@parley/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getAttachmentCosts } from '../../api/messages';
import { mergeMessages } from '../../utils/merge-messages';

/**
 * The chat screen's server state lives in the query cache, one entry per topic: the entry outcome,
 * the topic, and the conversation (messages by id plus the next older page). Everything that learns
 * something new (first page, older pages, pushed events, the fallback poll, a send) writes here;
 * components read it through the hooks beside this file.
 */
export const chatKeys = {
  all: (topicId: number) => ['chat', topicId] as const,
  entry: (topicId: number) => ['chat', topicId, 'entry'] as const,
  topic: (topicId: number) => ['chat', topicId, 'topic'] as const,
  messages: (topicId: number) => ['chat', topicId, 'messages'] as const,
  /** Issue 36 §1: the writer's crisis card from a send's answer, and the interlocutor's protocol card from a pushed event. */
  crisisCard: (topicId: number) => ['chat', topicId, 'crisis-card'] as const,
  crisisProtocol: (topicId: number) => ['chat', topicId, 'crisis-protocol'] as const,
};

export interface Conversation {
  messages: Message[];
  /** The next older page to load (20 per page, newest first), or null when the oldest is in. */
  nextPage: number | null;
}

export const emptyConversation: Conversation = { messages: [], nextPage: null };

/** Merges messages from any source into the topic's conversation (by id, no duplicates, ordered). */
export function addMessages(client: QueryClient, topicId: number, incoming: readonly Message[]) {
  if (incoming.length === 0) return;
  client.setQueryData<Conversation>(chatKeys.messages(topicId), (current = emptyConversation) => {
    const messages = mergeMessages(current.messages, incoming);
    return messages === current.messages ? current : { ...current, messages };
  });
}

export const readConversation = (client: QueryClient, topicId: number): Conversation =>
  client.getQueryData<Conversation>(chatKeys.messages(topicId)) ?? emptyConversation;

/** A fresh copy of the topic: a partner who left is no longer named in the header (issue 33 #11). */
export function putTopic(client: QueryClient, topicId: number, fresh: Topic) {
  client.setQueryData<Topic | null>(chatKeys.topic(topicId), fresh);
}

/** A change a pushed event (or an optimistic action) makes to the topic. */
export function patchTopic(client: QueryClient, topicId: number, patch: Partial<Topic>) {
  client.setQueryData<Topic | null>(chatKeys.topic(topicId), (topic) => (topic ? { ...topic, ...patch } : topic));
}

/** GET /messages/attachment-costs, shared by every chat screen for a minute. */
export const attachmentCostsQuery = queryOptions<AttachmentCosts>({
  queryKey: ['chat', 'attachment-costs'],
  queryFn: getAttachmentCosts,
  staleTime: 60_000,
});
