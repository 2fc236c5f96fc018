import { texts, type Block, type ChatEvent } from '@parley/contracts';
import { AppError } from '../../lib/app-error.js';
import { type DbOrTrx } from '../../db/database.js';
import { publicChatName } from '../users/chat-name.js';
import * as blocksRepo from './blocks.repository.js';
import { forbidden, loadTopicAccess, mayRead } from './topics.access.js';
import * as repo from './topics.repository.js';
import { type BlockRow } from './topics.table.js';
import { publishAll, type ChatDeps } from './topics.service.js';

const toBlock = (row: BlockRow): Block => ({ id: row.id, chat_name: row.blocked_chat_name, created_at: row.created_at });

/**
 * Blocks the other person of a conversation the user can read. If both are still in it, the
 * pairing ends at once: the blocked partner is taken out of the blocker's topic, or the blocker
 * leaves the blocked owner's topic. Blocking the same person again returns the same block.
 */
export async function blockCounterpart(deps: ChatDeps, userId: number, topicId: number): Promise<Block> {
  const now = deps.clock.now().toISOString();
  const { row, events } = await deps.db.transaction().execute(async (trx) => {
    const access = await loadTopicAccess(trx, userId, topicId);
    if (!mayRead(access, userId) && access.participations.length === 0) throw forbidden(access.topic);
    const other = await blocksRepo.findCounterpart(trx, topicId, access.topic.user_id, userId);
    if (!other) throw new AppError('VALIDATION', texts.blocks.nobodyToBlock);
    const existing = await blocksRepo.listBlocksBy(trx, userId).then((rows) => rows.find((r) => r.blocked_id === other.id));
    const block =
      existing ??
      (await blocksRepo.upsertBlock(trx, {
        blocker_id: userId,
        blocked_id: other.id,
        topic_id: topicId,
        blocked_chat_name: publicChatName(other),
        created_at: now,
      }));
    const out: ChatEvent[] = [];
    const bothIn = access.active.some((p) => p.user_id === userId) && access.active.some((p) => p.user_id === other.id);
    if (bothIn && access.topic.is_closed === 0) {
      // The one who is not the owner leaves: the owner's topic stays theirs (and waits for someone else).
      const leaving = access.topic.user_id === userId ? other.id : userId;
      if (await repo.markParticipantLeft(trx, topicId, leaving, now)) {
        const updated = await repo.releaseSeat(trx, topicId, now, false);
        out.push({ type: 'participant.left', topicId, userId: leaving, participantsCount: updated.participants_count });
      }
    }
    return { row: block, events: out };
  });
  await publishAll(deps.bus, events);
  return toBlock(row);
}

export async function listBlocks(db: DbOrTrx, userId: number): Promise<Block[]> {
  return (await blocksRepo.listBlocksBy(db, userId)).map(toBlock);
}

export async function unblock(db: DbOrTrx, userId: number, blockId: number): Promise<void> {
  if (!(await blocksRepo.deleteBlock(db, userId, blockId))) throw new AppError('NOT_FOUND', texts.blocks.notFound);
}
