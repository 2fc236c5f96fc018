import {
  texts,
  VIEWING_LEASE_MS,
  type NotificationSettings,
  type NotificationSettingsBody,
  type PushSubscriptionBody,
  type ViewingBody,
} from '@parley/contracts';
import { type Config } from '../../config.js';
import { type Db } from '../../db/database.js';
import { AppError, validationError } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { hmacSha256, safeEqual } from '../../lib/crypto.js';
import { readableRanges } from '../topics/topics.access.js';
import * as repo from './push.repository.js';

export const defaultSettings = { quiet_start: null, quiet_end: null, time_zone: 'UTC', email_digest: true, digest_after_minutes: 10 } as const;

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export async function getSettings(db: Db, config: Config, userId: number): Promise<NotificationSettings> {
  const [row, muted, devices] = await Promise.all([repo.findSettings(db, userId), repo.listMutedTopicIds(db, userId), repo.countSubscriptions(db, userId)]);
  return {
    quiet_start: row?.quiet_start ?? null,
    quiet_end: row?.quiet_end ?? null,
    time_zone: row?.time_zone ?? defaultSettings.time_zone,
    email_digest: row ? row.email_digest === 1 : defaultSettings.email_digest,
    digest_after_minutes: row?.digest_after_minutes ?? defaultSettings.digest_after_minutes,
    muted_topic_ids: muted,
    push_public_key: config.push?.publicKey ?? null,
    push_devices: devices,
  };
}

export async function saveSettings(db: Db, config: Config, clock: Clock, userId: number, body: NotificationSettingsBody) {
  if (!isValidTimeZone(body.time_zone)) throw validationError('time_zone', texts.common.validationFailed);
  await repo.saveSettings(db, {
    user_id: userId,
    quiet_start: body.quiet_start,
    quiet_end: body.quiet_end,
    time_zone: body.time_zone,
    email_digest: body.email_digest ? 1 : 0,
    digest_after_minutes: body.digest_after_minutes,
    updated_at: clock.now().toISOString(),
  });
  return getSettings(db, config, userId);
}

/** Production accepts only https push services: the server POSTs to this address. */
export async function subscribe(db: Db, config: Config, clock: Clock, userId: number, body: PushSubscriptionBody) {
  if (!config.push) throw new AppError('BAD_REQUEST', texts.push.pushUnavailable);
  const url = new URL(body.endpoint);
  if (url.protocol !== 'https:' && (config.isProduction || url.protocol !== 'http:')) throw validationError('endpoint', texts.common.validationFailed);
  await repo.upsertSubscription(db, {
    user_id: userId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    created_at: clock.now().toISOString(),
  });
  return getSettings(db, config, userId);
}

export async function unsubscribe(db: Db, config: Config, userId: number, endpoint: string) {
  await repo.deleteSubscription(db, userId, endpoint);
  return getSettings(db, config, userId);
}

export async function setMuted(db: Db, config: Config, clock: Clock, userId: number, topicId: number, muted: boolean) {
  if (muted && (await readableRanges(db, userId, topicId)) === null) throw new AppError('FORBIDDEN', texts.topics.noPermission);
  await repo.setMuted(db, userId, topicId, muted, clock.now().toISOString());
  return getSettings(db, config, userId);
}

/**
 * A tab says which conversation it shows (or none): while it does, that conversation pushes
 * nothing to its person and its news counts as read.
 */
export async function setViewing(db: Db, clock: Clock, userId: number, body: ViewingBody) {
  const now = clock.now();
  if (body.topic_id === null) {
    await repo.clearViewing(db, userId, body.viewer_id);
    return;
  }
  if ((await readableRanges(db, userId, body.topic_id)) === null) throw new AppError('FORBIDDEN', texts.topics.noPermission);
  await repo.setViewing(db, {
    viewer_id: body.viewer_id,
    user_id: userId,
    topic_id: body.topic_id,
    until: new Date(now.getTime() + VIEWING_LEASE_MS).toISOString(),
  });
  await repo.clearNews(db, userId, body.topic_id);
}

/** Minutes since local midnight in the zone. */
function localMinutes(now: Date, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Quiet from start (inclusive) to end (exclusive) in the user's zone; an end before the start spans midnight. */
export function isQuietNow(settings: { quiet_start: string | null; quiet_end: string | null; time_zone: string }, now: Date): boolean {
  if (!settings.quiet_start || !settings.quiet_end) return false;
  const zone = isValidTimeZone(settings.time_zone) ? settings.time_zone : 'UTC';
  const at = localMinutes(now, zone);
  const start = toMinutes(settings.quiet_start);
  const end = toMinutes(settings.quiet_end);
  if (start === end) return false;
  return start < end ? at >= start && at < end : at >= start || at < end;
}

// One-click unsubscribe from the digest -----------------------------------------------------------

export const unsubscribeToken = (config: Config, userId: number) => `${userId}.${hmacSha256(config.appSecret, `digest-unsubscribe:${userId}`)}`;

/** The user a signed link names, or null for anything tampered with. */
export function verifyUnsubscribeToken(config: Config, token: string): number | null {
  const match = /^(\d{1,10})\.([0-9a-f]{64})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  return safeEqual(match[2]!, hmacSha256(config.appSecret, `digest-unsubscribe:${userId}`)) ? userId : null;
}

export async function unsubscribeDigest(db: Db, clock: Clock, config: Config, token: string): Promise<boolean> {
  const userId = verifyUnsubscribeToken(config, token);
  if (userId === null) return false;
  await repo.setEmailDigest(db, userId, false, clock.now().toISOString());
  return true;
}
