import { oncallLimits, texts, type SavedReply, type SavedReplyBody } from '@parley/contracts';
import { type Db } from '../../db/database.js';
import { AppError, localized } from '../../lib/app-error.js';
import { isoNow, type Clock } from '../../lib/clock.js';
import { type UserRow } from '../users/users.table.js';
import * as repo from './saved-replies.repository.js';

/**
 * Issue 35 §1: an interlocutor's saved replies. They are inserted into the message box and never sent on their
 * own, so the content rules apply when the message is sent (the send path), not here.
 */
export interface SavedRepliesDeps {
  db: Db;
  clock: Clock;
}

function requireInterlocutor(user: Pick<UserRow, 'is_contributor'>) {
  if (user.is_contributor !== 1) throw new AppError('FORBIDDEN', texts.oncall.onlyInterlocutors);
}

export async function listSavedReplies(deps: SavedRepliesDeps, user: UserRow): Promise<SavedReply[]> {
  requireInterlocutor(user);
  return repo.listReplies(deps.db, user.id);
}

export async function addSavedReply(deps: SavedRepliesDeps, user: UserRow, body: SavedReplyBody): Promise<SavedReply> {
  requireInterlocutor(user);
  return deps.db.transaction().execute(async (trx) => {
    await repo.lockUser(trx, user.id);
    if ((await repo.countReplies(trx, user.id)) >= oncallLimits.savedRepliesMax)
      throw new AppError('CONFLICT', localized('oncall.savedRepliesFull', { max: oncallLimits.savedRepliesMax }));
    return repo.insertReply(trx, { user_id: user.id, text: body.text, created_at: isoNow(deps.clock) });
  });
}

export async function deleteSavedReply(deps: SavedRepliesDeps, user: UserRow, id: number): Promise<void> {
  requireInterlocutor(user);
  if (!(await repo.deleteReply(deps.db, user.id, id))) throw new AppError('NOT_FOUND', texts.oncall.savedReplyNotFound);
}
