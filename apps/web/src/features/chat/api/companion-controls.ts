import { envelopeSchema, regenerateReplyResultSchema, stopReplyResultSchema, type RegenerateReplyResult, type StopReplyResult } from '@parley/contracts';
import { api } from '../../../lib/api-client';

const stopResponseSchema = envelopeSchema(stopReplyResultSchema);
const regenerateResponseSchema = envelopeSchema(regenerateReplyResultSchema);

/** POST /companion/stop {topic_id, shown_chars}: the reply being written ends; the text shown at the click is stored (issue 34). */
export async function stopReply(topicId: number, shownChars: number): Promise<StopReplyResult> {
  return (await api.post('/companion/stop', stopResponseSchema, { topic_id: topicId, shown_chars: shownChars })).payload;
}

/** POST /companion/regenerate {topic_id, message_id}: a new reply to the message the last reply answered (free). */
export async function regenerateReply(topicId: number, messageId: number): Promise<RegenerateReplyResult> {
  return (await api.post('/companion/regenerate', regenerateResponseSchema, { topic_id: topicId, message_id: messageId })).payload;
}
