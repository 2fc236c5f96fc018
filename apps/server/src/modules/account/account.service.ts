import { texts, type DeleteAccountBody } from '@parley/contracts';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { PassThrough, type Readable } from 'node:stream';
import { type Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { randomToken } from '../../lib/crypto.js';
import { type EventBus } from '../../lib/event-bus.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { type Storage } from '../../lib/storage.js';
import { verifySecondFactor } from '../auth/two-factor.service.js';
import { hasSecondFactor } from '../auth/second-factor.js';
import { leaveTopic } from '../topics/topics.service.js';
import { toUserProfile } from '../users/users.mapper.js';
import { type UserRow } from '../users/users.table.js';
import * as repo from './account.repository.js';
import { eraseUserComplaints, exportUserDecisions } from '../decisions/decisions.service.js';

/**
 * Data rights (issue 15, decision 021): 'Download my data' streams a ZIP of everything the user
 * owns, as JSON plus their own uploaded files; 'Delete my account' erases the person and keeps an
 * anonymous tombstone for the records the law makes us keep (ledger, orders, top-ups, payouts).
 */
export interface AccountDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
  storage: Storage;
  appSecret: string;
}

const MESSAGE_PAGE = 1000;
const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
/** A file name inside the ZIP: the attachment id keeps names unique, the original name is kept readable but harmless. */
const fileEntryName = (id: number, original: string) => `files/${id}-${original.replace(/[^\p{L}\p{N}._ -]+/gu, '_').slice(-100) || 'file'}`;

/**
 * The export as a stream: each part is added as it is read (messages a page at a time, files one
 * at a time), so memory stays flat however long the history. Errors end the stream.
 */
export function exportAccount(deps: AccountDeps, user: UserRow): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return void out.destroy(error);
    out.write(Buffer.from(chunk));
    if (final) out.end();
  });
  const addJson = (name: string, value: unknown) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(json(value), true);
  };

  void (async () => {
    const { db } = deps;
    const profile = await repo.exportProfile(db, user.id);
    addJson('profile.json', { ...toUserProfile(user, deps.clock.now()), ...profile, exported_at: deps.clock.now().toISOString() });
    addJson('topics.json', await repo.exportOwnTopics(db, user.id));

    // Messages stream in pages into one JSON array; their files follow, each once.
    const messages = new ZipDeflate('messages.json', { level: 6 });
    zip.add(messages);
    messages.push(new TextEncoder().encode('[\n'));
    const files: { id: number; path: string; name: string }[] = [];
    let afterId = 0;
    let first = true;
    for (;;) {
      const page = await repo.exportMessagesPage(db, user.id, afterId, MESSAGE_PAGE);
      if (page.length === 0) break;
      const attachments = await repo.exportAttachments(
        db,
        page.map((m) => m.id),
      );
      for (const message of page) {
        const own = attachments.filter((a) => a.message_id === message.id);
        const withFiles = {
          ...message,
          attachments: own.map((a) => {
            const name = fileEntryName(a.id, a.original_filename);
            files.push({ id: a.id, path: a.path, name });
            return { file: name, type: a.type, original_filename: a.original_filename, mime: a.mime, size: a.filesize };
          }),
        };
        messages.push(new TextEncoder().encode(`${first ? '' : ',\n'}${JSON.stringify(withFiles)}`));
        first = false;
      }
      afterId = page[page.length - 1]!.id;
    }
    messages.push(new TextEncoder().encode('\n]\n'), true);

    for (const file of files) {
      const bytes = await deps.storage.get(file.path);
      if (!bytes) continue;
      const entry = new ZipPassThrough(file.name);
      zip.add(entry);
      entry.push(bytes, true);
    }
    addJson('ledger.json', await repo.exportLedger(db, user.id));
    addJson(
      'top-ups.json',
      (await repo.exportDeposits(db, user.id)).map((d) => ({ ...d, billing: JSON.parse(d.billing) as unknown })),
    );
    addJson(
      'orders.json',
      (await repo.exportOrders(db, user.id)).map((o) => ({ ...o, billing: JSON.parse(o.billing) as unknown })),
    );
    addJson('payouts.json', await repo.exportPayouts(db, user.id));
    addJson('applications.json', await repo.exportApplications(db, user.id));
    addJson('blocks.json', await repo.exportBlocks(db, user.id));
    addJson('ratings-given.json', await repo.exportRatingsGiven(db, user.id));
    addJson('tips.json', await repo.exportTips(db, user.id));
    addJson('notifications.json', await repo.exportNotifications(db, user.id));
    addJson('passkeys.json', await repo.exportPasskeys(db, user.id));
    const settings = await repo.exportNotificationSettings(db, user.id);
    addJson('notification-settings.json', {
      settings: settings ? { ...settings, email_digest: settings.email_digest === 1 } : null,
      push_devices: await repo.exportPushSubscriptions(db, user.id),
      muted_conversations: await repo.exportMutedConversations(db, user.id),
    });
    addJson('decisions.json', await exportUserDecisions(db, deps.clock, user.id));
    zip.end();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/**
 * Deletes the account: the password (and the second factor when on) proves it is the owner; refused
 * while a payout is on its way. The person is erased from the row (a tombstone remains for the ledger,
 * orders, top-ups and payouts), their open chats are left, their personal records go, and every
 * session and socket ends. Their messages stay for their partners, under 'Deleted user'.
 */
export async function deleteAccount(deps: AccountDeps, user: UserRow, body: DeleteAccountBody): Promise<void> {
  if (!(await verifyPassword(user.password_hash, body.password)))
    throw new AppError('VALIDATION', texts.auth.currentPasswordWrong, { password: [texts.auth.currentPasswordWrong] });
  if (user.role === 'admin') throw new AppError('FORBIDDEN', texts.account.adminCannotDelete);
  if (hasSecondFactor(user)) {
    if (!body.code) throw new AppError('VALIDATION', texts.twoFactor.codeRequired, { code: [texts.twoFactor.codeRequired] });
    await verifySecondFactor({ db: deps.db, clock: deps.clock, appSecret: deps.appSecret }, user, body.code);
  }
  if (await repo.hasPayoutInFlight(deps.db, user.id)) throw new AppError('CONFLICT', texts.account.payoutPending);

  // The seats first (each its own transaction, with its events): partners see the chat end as on a leave.
  for (const { topic_id } of await repo.listOpenParticipations(deps.db, user.id)) await leaveTopic(deps, user, topic_id);

  const now = deps.clock.now().toISOString();
  const tombstone = { email: `deleted-${user.id}-${randomToken(6)}@deleted.invalid`, passwordHash: await hashPassword(randomToken(24)), now };
  const erased = await deps.db.transaction().execute(async (trx) => {
    // A payout requested meanwhile keeps the account: checked again inside the deleting transaction.
    if (await repo.hasPayoutInFlight(trx, user.id)) throw new AppError('CONFLICT', texts.account.payoutPending);
    if (!(await repo.eraseUser(trx, user.id, tombstone))) return null;
    await repo.deletePersonalRecords(trx, user.id);
    await repo.anonymiseTraces(trx, user.id, user.email, tombstone.email);
    return eraseUserComplaints(trx, user.id);
  });
  if (!erased) return;
  for (const key of erased) await deps.storage.delete(key).catch(() => undefined);
  // Sockets close on every instance.
  await deps.bus.publish({ type: 'session.ended', userId: user.id }).catch(() => undefined);
}
