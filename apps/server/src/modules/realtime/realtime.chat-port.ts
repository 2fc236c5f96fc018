import { companionUserId } from '@parley/contracts';
import { type Db } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { hasOpenReply } from '../companion/companion.repository.js';
import { toMessages } from '../messages/messages.mapper.js';
import * as messages from '../messages/messages.repository.js';
import { canReadTopic } from '../topics/topics.access.js';
import { findTopicById } from '../topics/topics.repository.js';
import { type RealtimeChatPort } from './realtime.hub.js';
import { findLiveSessionIds } from './realtime.repository.js';

/** The chat rules the hub relies on, from the topics and messages modules. */
export function createChatPort(db: Db, clock: Clock): RealtimeChatPort {
  return {
    canReadTopic: (userId, topicId) => canReadTopic(db, userId, topicId),
    async listMessagesAfter(topicId, afterId, limit) {
      const topic = await findTopicById(db, topicId);
      if (!topic) return [];
      const rows = await messages.listMessagesAfter(db, topicId, afterId, limit);
      // Viewer-neutral, the same shape `message.created` events carry.
      return (await toMessages(db, rows, null, topic.companion_name)) as unknown as Record<string, unknown>[];
    },
    liveSessions: (sessionIds) => findLiveSessionIds(db, sessionIds, clock.now().toISOString()),
    async currentTyping(topicId) {
      const topic = await findTopicById(db, topicId);
      if (!topic || topic.chat_mode !== 'ai' || !(await hasOpenReply(db, topicId))) return [];
      return [{ type: 'typing', topicId, userId: companionUserId, name: topic.companion_name, isTyping: true }];
    },
  };
}
