import { settingsSchema, type Settings } from '@parley/contracts';
import { type DbOrTrx } from '../../db/database.js';
import { type EventBus } from '../../lib/event-bus.js';
import { selectSettingRows, upsertSetting } from './settings.repository.js';

/**
 * The demo operator's identity: seeded only with the demo data (`SEED_DEMO`). A real operator's receipts
 * and footer must never carry a fictional company, so the defaults below leave these empty and the admin
 * dashboard asks for them (issue 30).
 */
export const demoOperatorSettings = {
  requisites: ['Parley Communications OÜ', 'Registry code 16482937', 'Narva mnt 5, 10117 Tallinn, Estonia'],
  copyright: '© 2026 Parley Communications OÜ. All rights reserved.',
  support_email: 'support@parley.chat',
  support_phone: '+372 600 1234',
} satisfies Partial<Settings>;

/** Sensible defaults for every setting of spec §3; the database overrides them key by key. */
export const defaultSettings: Settings = {
  requisites: ['', '', ''],
  copyright: '',
  support_email: '',
  support_phone: '',
  is_reg_enabled: true,
  min_top_up_amount: 5,
  vat_percent: 22,
  points_convertion_rate: 100,
  initial_points: 200,
  new_topic_cost: 50,
  video_attachment_cost: 40,
  audio_attachment_cost: 25,
  image_attachment_cost: 20,
  document_attachment_cost: 15,
  message_symbol_cost: 1,
  channel_status_cost: 1000,
  channel_status_duration: 1,
  max_channel_topics: 5,
  bot_reply_interval_min: 2,
  bot_reply_interval_max: 6,
  bot_reply_delay_enabled: false,
  bot_conversation_history_limit: 10,
  llm_monthly_token_budget: 0,
  llm_price_per_1k_tokens: 0.002,
  contributor_share_percent: 50,
  payout_min_amount: 10,
  payout_max_amount: 5000,
  companion_name: 'Mia',
  checkout_expiry_hours: 24,
  earnings_hold_days: 7,
  mask_contact_details: true,
  retention_notifications_days: 180,
  retention_audit_log_days: 730,
  retention_payment_events_days: 730,
  retention_held_messages_days: 90,
  retention_done_jobs_days: 1,
  retention_dead_jobs_days: 30,
  retention_deleted_account_files_days: 30,
  rating_top_threshold: 4.5,
  rating_top_min_count: 10,
  tip_presets: [50, 100, 250],
  tag_script: '',
  oncall_idle_minutes: 15,
};

/** A safety net only: changes reach every instance at once through `bus.invalidate({ kind: 'settings' })`. */
const SETTINGS_TTL_MS = 60_000;
const cache = new WeakMap<DbOrTrx, { loadedAt: number; value: Promise<Settings> }>();

/**
 * Every setting, parsed once and kept in memory per database handle until a change is announced
 * (or a minute passes). Inside a transaction it reads the table, so a writer sees its own changes.
 * The object is frozen: callers share it.
 */
export function getSettings(db: DbOrTrx): Promise<Settings> {
  if (db.isTransaction) return readSettings(db);
  const cached = cache.get(db);
  if (cached && Date.now() - cached.loadedAt < SETTINGS_TTL_MS) return cached.value;
  const value = readSettings(db).then(deepFreeze);
  const entry = { loadedAt: Date.now(), value };
  cache.set(db, entry);
  value.catch(() => cache.get(db) === entry && cache.delete(db));
  return value;
}

/** Drops this instance's copy; the next read loads the table again. */
export function forgetSettings(db: DbOrTrx) {
  cache.delete(db);
}

/** Drops the copy whenever any instance announces a settings change over the bus. */
export function watchSettings(bus: EventBus, db: DbOrTrx) {
  return bus.onInvalidate((message) => message.kind === 'settings' && forgetSettings(db));
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Reads every setting; unknown or malformed stored values fall back to the default. */
async function readSettings(db: DbOrTrx): Promise<Settings> {
  const rows = await selectSettingRows(db);
  const merged: Record<string, unknown> = { ...defaultSettings };
  for (const row of rows) {
    if (!(row.key in defaultSettings)) continue;
    try {
      merged[row.key] = JSON.parse(row.value);
    } catch {
      // keep the default for a corrupt value
    }
  }
  const parsed = settingsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  // A single bad stored value must not take the service down: drop the bad keys.
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  for (const key of bad) merged[key] = defaultSettings[key as keyof Settings];
  return settingsSchema.parse(merged);
}

/**
 * Writes changed settings. Outside a transaction this instance forgets its copy at once; a caller in a
 * transaction announces the change after the commit (`bus.invalidate({ kind: 'settings' })`).
 */
export async function saveSettings(db: DbOrTrx, changes: Partial<Settings>): Promise<void> {
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    await upsertSetting(db, key, JSON.stringify(value));
  }
  if (!db.isTransaction) forgetSettings(db);
}
