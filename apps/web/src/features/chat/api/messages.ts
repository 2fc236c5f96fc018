import { attachmentCostsResponseSchema, limits, messagesPageResponseSchema, type AttachmentCosts, type MessagesPage } from '@parley/contracts';
import { api } from '../../../lib/api-client';

export type { MessagesPage };

/** GET /messages/index: 20 per page, newest first (spec §7, §9) → payload {data, meta}. */
export async function getMessages(topicId: number, page: number, signal?: AbortSignal): Promise<MessagesPage> {
  const response = await api.get('/messages/index', messagesPageResponseSchema, {
    query: { topic_id: topicId, page, page_size: limits.messagesPageSize, order_by: 'id', order_dir: 'desc' },
    timeoutMs: limits.topicRequestTimeoutMs,
    signal,
  });
  return response.payload;
}

/** Messages after a known id, oldest first: the poll and resume call. */
export async function getMessagesAfter(topicId: number, afterId: number, signal?: AbortSignal): Promise<MessagesPage> {
  const response = await api.get('/messages/index', messagesPageResponseSchema, {
    query: { topic_id: topicId, after_id: afterId, page_size: 100, order_by: 'id', order_dir: 'asc' },
    timeoutMs: limits.topicRequestTimeoutMs,
    signal,
  });
  return response.payload;
}

/** GET /messages/attachment-costs. */
export async function getAttachmentCosts(): Promise<AttachmentCosts> {
  return (await api.get('/messages/attachment-costs', attachmentCostsResponseSchema)).payload;
}
