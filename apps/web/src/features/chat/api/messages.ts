import { limits, type AttachmentCosts, type Message, type PageMeta } from '@parley/contracts';
import { api, type Envelope } from '../../../lib/api-client';

export interface MessagesPage {
  data: Message[];
  meta: PageMeta | null;
}

type PagePayload = Message[] | { data?: Message[]; messages?: Message[]; meta?: PageMeta };

function toPage(response: Envelope<PagePayload> & { meta?: PageMeta }): MessagesPage {
  const payload = response.payload;
  if (Array.isArray(payload)) return { data: payload, meta: response.meta ?? null };
  return { data: payload?.data ?? payload?.messages ?? [], meta: payload?.meta ?? response.meta ?? null };
}

/** GET /messages/index: 20 per page, newest first (spec §7, §9). */
export async function getMessages(topicId: number, page: number, signal?: AbortSignal): Promise<MessagesPage> {
  const response = await api.get<Envelope<PagePayload> & { meta?: PageMeta }>('/messages/index', {
    query: { topic_id: topicId, page, page_size: limits.messagesPageSize, order_by: 'id', order_dir: 'desc' },
    timeoutMs: limits.topicRequestTimeoutMs,
    signal,
  });
  return toPage(response);
}

/** Messages after a known id, oldest first: the poll and resume call. */
export async function getMessagesAfter(topicId: number, afterId: number, signal?: AbortSignal): Promise<MessagesPage> {
  const response = await api.get<Envelope<PagePayload> & { meta?: PageMeta }>('/messages/index', {
    query: { topic_id: topicId, after_id: afterId, page_size: 100, order_by: 'id', order_dir: 'asc' },
    timeoutMs: limits.topicRequestTimeoutMs,
    signal,
  });
  return toPage(response);
}

/** GET /messages/attachment-costs. */
export async function getAttachmentCosts(): Promise<AttachmentCosts> {
  const response = await api.get<Envelope<AttachmentCosts>>('/messages/attachment-costs');
  return response.payload;
}
