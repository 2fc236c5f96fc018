import { limits, type ChatMode, type ReportReason } from '@parley/contracts';
import { api, type Envelope } from '../../../lib/api-client';

const options = { timeoutMs: limits.topicRequestTimeoutMs };

/** POST /topics/join {topic_id}. Already a participant is a success on the server. */
export async function joinTopic(topicId: number): Promise<Envelope> {
  return api.post('/topics/join', { topic_id: topicId }, options);
}

/** POST /topics/leave {topic_id}. Already left is a success on the server. */
export async function leaveTopic(topicId: number): Promise<Envelope> {
  return api.post('/topics/leave', { topic_id: topicId }, options);
}

/** POST /topics/update-chat-mode {topic_id, chat_mode}. */
export async function updateChatMode(topicId: number, chatMode: ChatMode): Promise<Envelope> {
  return api.post('/topics/update-chat-mode', { topic_id: topicId, chat_mode: chatMode }, options);
}

/** GET /topics/{id}/check-terms → has_accepted at the top level or in payload. Failures let the user proceed (spec §8). */
export async function checkTerms(topicId: number): Promise<boolean> {
  try {
    const response = await api.get<Envelope<{ has_accepted?: boolean } | null> & { has_accepted?: boolean }>(`/topics/${topicId}/check-terms`, {
      timeoutMs: limits.termsRequestTimeoutMs,
    });
    return Boolean(response.has_accepted ?? response.payload?.has_accepted ?? true);
  } catch {
    return true;
  }
}

/** POST /topics/{id}/accept-terms. */
export async function acceptTerms(topicId: number): Promise<Envelope> {
  return api.post(`/topics/${topicId}/accept-terms`, undefined, { timeoutMs: limits.termsRequestTimeoutMs });
}

/** POST /reports/create {topic_id, type, reason, details}. */
export async function reportTopic(topicId: number, report: { type: 'topic' | 'user'; reason: ReportReason; details?: string }): Promise<Envelope> {
  return api.post('/reports/create', { topic_id: topicId, type: report.type, reason: report.reason, ...(report.details ? { details: report.details } : {}) });
}
