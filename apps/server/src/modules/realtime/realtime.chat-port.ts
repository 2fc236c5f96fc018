import { companionUserId } from '@parley/contracts';
import { type Db } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { isReplyPending } from '../companion/companion.service.js';
import { listMessagesAfterFor } from '../messages/messages.service.js';
import { readableRanges } from '../topics/topics.access.js';
import { findTopic } from '../topics/topics.service.js';
import { markConnection } from '../topics/oncall.service.js';
import { type RealtimeChatPort } from './realtime.hub.js';
import { findLiveSessionIds } from './realtime.repository.js';

/** The chat rules the hub relies on, from the topics and messages modules. */
export function createChatPort(db: Db, clock: Clock): RealtimeChatPort {
  return {
    canReadTopic: async (userId, topicId) => (await readableRanges(db, userId, topicId)) !== null,
    listMessagesAfter: (userId, topicId, afterId, limit) => listMessagesAfterFor(db, userId, topicId, afterId, limit),
    liveSessions: (sessionIds) => findLiveSessionIds(db, sessionIds, clock.now().toISOString()),
    connectionChanged: (userId, isConnected) => markConnection(db, clock, userId, isConnected),
    async currentTyping(topicId) {
      const topic = await findTopic(db, topicId);
      if (!topic || topic.chat_mode !== 'ai' || !(await isReplyPending(db, topicId))) return [];
      return [{ type: 'typing', topicId, userId: companionUserId, name: topic.companion_name, isTyping: true }];
    },
  };
}
