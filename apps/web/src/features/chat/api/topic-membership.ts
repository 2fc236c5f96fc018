import {
  emptyResponseSchema,
  limits,
  reportCreatedResponseSchema,
  termsStatusResponseSchema,
  topicResponseSchema,
  type ChatMode,
  type ReportReason,
} from '@parley/contracts';
import { api } from '../../../lib/api-client';

const options = { timeoutMs: limits.topicRequestTimeoutMs };

/** POST /topics/join {topic_id} → payload.topic. Already a participant is a success on the server. */
export async function joinTopic(topicId: number) {
  return api.post('/topics/join', topicResponseSchema, { topic_id: topicId }, options);
}

/** POST /topics/leave {topic_id}. */
export async function leaveTopic(topicId: number) {
  return api.post('/topics/leave', emptyResponseSchema, { topic_id: topicId }, options);
}

/** POST /topics/update-chat-mode {topic_id, chat_mode} → payload.topic. */
export async function updateChatMode(topicId: number, chatMode: ChatMode) {
  return api.post('/topics/update-chat-mode', topicResponseSchema, { topic_id: topicId, chat_mode: chatMode }, options);
}

/** GET /topics/{id}/check-terms → has_accepted (the server sends it at the top level and in payload). Failures let the user proceed (spec §8). */
export async function checkTerms(topicId: number): Promise<boolean> {
  try {
    const response = await api.get(`/topics/${topicId}/check-terms`, termsStatusResponseSchema, { timeoutMs: limits.termsRequestTimeoutMs });
    return response.has_accepted;
  } catch {
    return true;
  }
}

/** POST /topics/{id}/accept-terms. */
export async function acceptTerms(topicId: number) {
  return api.post(`/topics/${topicId}/accept-terms`, termsStatusResponseSchema, undefined, { timeoutMs: limits.termsRequestTimeoutMs });
}

/** POST /reports/create {topic_id, type, reason, details}. */
export async function reportTopic(topicId: number, report: { type: 'topic' | 'user'; reason: ReportReason; details?: string }) {
  return api.post('/reports/create', reportCreatedResponseSchema, {
    topic_id: topicId,
    type: report.type,
    reason: report.reason,
    ...(report.details ? { details: report.details } : {}),
  });
}
