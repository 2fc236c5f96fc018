import {
  crisisPageSlug,
  helplineDirectorySchema,
  type CrisisCard,
  type CrisisConfig,
  type CrisisConfigInput,
  type CrisisFlag,
  type CrisisHelpline,
  type HelplineDirectory,
} from '@parley/contracts';
import { type FastifyBaseLogger } from 'fastify';
import { type Db, type DbOrTrx } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { type EventBus } from '../../lib/event-bus.js';
import { open, seal } from '../../lib/secret-box.js';
import shippedHelplines from './data/helplines.json' with { type: 'json' };
import { recogniseRisk } from './crisis.recogniser.js';
import { askModerationEndpoint, type ModerationEndpoint } from './crisis.moderation.js';
import * as repo from './crisis.repository.js';

/**
 * Crisis care (issue 36 §1, decision 035b). The send path asks `assessRisk` (the offline recogniser in memory;
 * the moderation endpoint only when the operator switched it on and the recogniser found nothing) and, only for
 * a message that suggests risk, `handleRiskySend`: the writer's card, the conversation flagged for the moderation
 * queue (human chats), the protocol card to an interlocutor. Nothing is blocked or charged here.
 */
export const shippedDirectory: HelplineDirectory = helplineDirectorySchema.parse(shippedHelplines);

/** The sealed moderation key is bound to its row: copied elsewhere it does not open. */
const SEAL_CONTEXT = 'crisis-moderation:1';
const CONFIG_TTL_MS = 60_000;
const DEFAULT_TIMEOUT_MS = 800;

export interface CrisisRuntime {
  /** The key that seals stored secrets (PAYOUT_ENCRYPTION_KEY, as for the LLM connection). */
  sealKey: string;
  log?: FastifyBaseLogger;
}
const runtimes = new WeakMap<DbOrTrx, CrisisRuntime>();

/** Called once by the app (crisis.routes.ts): what opening the stored moderation key needs. */
export function useCrisisRuntime(db: DbOrTrx, runtime: CrisisRuntime) {
  runtimes.set(db, runtime);
}

interface LoadedConfig {
  row: Awaited<ReturnType<typeof repo.findCrisisConfig>>;
  directory: HelplineDirectory;
  defaultCountry: string;
  endpoint: ModerationEndpoint | null;
}

const cache = new WeakMap<DbOrTrx, { loadedAt: number; value: Promise<LoadedConfig> }>();

/** The configuration, kept in memory until an admin's change is announced (or a minute passes): no statement on a send. */
export function getCrisisConfig(db: DbOrTrx): Promise<LoadedConfig> {
  const cached = cache.get(db);
  if (cached && Date.now() - cached.loadedAt < CONFIG_TTL_MS) return cached.value;
  const value = loadConfig(db);
  const entry = { loadedAt: Date.now(), value };
  cache.set(db, entry);
  value.catch(() => cache.get(db) === entry && cache.delete(db));
  return value;
}

export function forgetCrisisConfig(db: DbOrTrx) {
  cache.delete(db);
}

/** An admin's save announces `settings`: every instance drops its copy. */
export function watchCrisisConfig(bus: EventBus, db: DbOrTrx) {
  return bus.onInvalidate((message) => message.kind === 'settings' && forgetCrisisConfig(db));
}

function parseDirectory(json: string | null | undefined, log?: FastifyBaseLogger): HelplineDirectory | null {
  if (!json) return null;
  try {
    const parsed = helplineDirectorySchema.safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data;
  } catch {
    // falls through to the shipped directory
  }
  log?.error('the stored crisis helplines do not parse: using the shipped directory');
  return null;
}

async function loadConfig(db: DbOrTrx): Promise<LoadedConfig> {
  const row = await repo.findCrisisConfig(db);
  const runtime = runtimes.get(db);
  let apiKey: string | null = null;
  if (row?.moderation_key_sealed && runtime) {
    try {
      apiKey = open(runtime.sealKey, row.moderation_key_sealed, SEAL_CONTEXT);
    } catch (error) {
      runtime.log?.error({ err: error }, 'the stored moderation key does not open: the endpoint is asked without it');
    }
  }
  const endpoint =
    row && row.moderation_enabled === 1 && row.moderation_url
      ? { url: row.moderation_url, apiKey, model: row.moderation_model, timeoutMs: row.moderation_timeout_ms }
      : null;
  return { row, directory: parseDirectory(row?.helplines, runtime?.log) ?? shippedDirectory, defaultCountry: row?.default_country ?? 'INT', endpoint };
}

export interface RiskAssessment {
  source: 'offline' | 'endpoint';
}

/**
 * Whether a message suggests a risk of self-harm: the offline recogniser first (memory only); the endpoint, when
 * switched on, for what it did not catch. Never throws: a fault of the endpoint is the offline verdict.
 */
export async function assessRisk(db: DbOrTrx, text: string): Promise<RiskAssessment | null> {
  if (text.trim().length === 0) return null;
  if (recogniseRisk(text).isRisk) return { source: 'offline' };
  try {
    const config = await getCrisisConfig(db);
    if (!config.endpoint) return null;
    return (await askModerationEndpoint(config.endpoint, text)) ? { source: 'endpoint' } : null;
  } catch {
    return null;
  }
}

/** The country's lines (else the operator's default country's, else the international ones), those in the reader's language first. */
export function selectHelplines(
  directory: HelplineDirectory,
  country: string | null,
  defaultCountry: string,
  language: string | null,
): { country: string; helplines: CrisisHelpline[] } {
  const code = country && directory[country] ? country : directory[defaultCountry] ? defaultCountry : 'INT';
  const lines = directory[code] ?? [];
  const lang = language ?? 'en';
  const speaks = (languages: string[]) => (languages.includes(lang) ? 0 : 1);
  const sorted = [...lines].sort((a, b) => speaks(a.languages) - speaks(b.languages));
  return {
    country: code,
    helplines: sorted.map((line) => ({
      name: line.name,
      phone: line.phone,
      text: line.text,
      url: line.url,
      note: line.notes[lang] ?? line.notes.en ?? Object.values(line.notes)[0] ?? null,
    })),
  };
}

/** The writer's card: helplines for their account's country and language. */
export async function crisisCardFor(db: DbOrTrx, userId: number): Promise<CrisisCard> {
  const [locale, config] = await Promise.all([repo.findUserLocale(db, userId), getCrisisConfig(db)]);
  return { ...selectHelplines(config.directory, locale.country, config.defaultCountry, locale.language), page_slug: crisisPageSlug };
}

export interface RiskySend {
  writerId: number;
  topicId: number;
  /** A delivered message in a human chat: the conversation is flagged and its interlocutors told. */
  isHumanChat: boolean;
  /** The topic's active participants when the message was stored. */
  participants: readonly { user_id: number; is_contributor: number }[];
  source: RiskAssessment['source'];
}

/**
 * After a risky message is stored: the writer's card (returned, for the send's answer only); in a human chat the
 * conversation flagged at the top of the moderation queue and the protocol card pushed to the interlocutors
 * (approved contributors) in it. An ordinary partner is told nothing. Failures are logged, never thrown.
 */
export async function handleRiskySend(deps: { db: Db; clock: Clock; bus: EventBus }, send: RiskySend): Promise<CrisisCard> {
  const log = runtimes.get(deps.db)?.log;
  if (send.isHumanChat) {
    try {
      await repo.flagTopic(deps.db, send.topicId, send.source, deps.clock.now().toISOString());
    } catch (error) {
      log?.error({ err: error, topicId: send.topicId }, 'crisis flag not stored');
    }
    for (const partner of send.participants) {
      if (partner.user_id === send.writerId || partner.is_contributor !== 1) continue;
      await deps.bus
        .publish({ type: 'crisis.protocol', userId: partner.user_id, topicId: send.topicId })
        .catch((error: unknown) => log?.warn({ err: error }, 'crisis protocol event not sent'));
    }
  }
  return crisisCardFor(deps.db, send.writerId);
}

/** Admin: the flagged conversations, open ones first. */
export async function listCrisisFlags(db: DbOrTrx, status?: 'open' | 'handled'): Promise<CrisisFlag[]> {
  const rows = await repo.listCrisisFlags(db, status, 200);
  return rows.map((row) => ({ ...row, messages_count: Number(row.messages_count) }));
}

export function markCrisisFlagHandled(db: DbOrTrx, id: number, adminId: number, now: string) {
  return repo.markCrisisFlagHandled(db, id, adminId, now);
}

/** Admin: the configuration, never the key. */
export async function viewCrisisConfig(db: DbOrTrx): Promise<CrisisConfig> {
  const row = await repo.findCrisisConfig(db);
  return {
    moderation_enabled: row?.moderation_enabled === 1,
    moderation_url: row?.moderation_url ?? '',
    moderation_model: row?.moderation_model ?? '',
    moderation_timeout_ms: row?.moderation_timeout_ms ?? DEFAULT_TIMEOUT_MS,
    moderation_key_set: Boolean(row?.moderation_key_sealed),
    moderation_key_last4: row?.moderation_key_last4 ?? null,
    default_country: row?.default_country ?? 'INT',
    helplines: parseDirectory(row?.helplines) ?? shippedDirectory,
    helplines_customised: parseDirectory(row?.helplines) !== null,
  };
}

/** Stores the configuration (the key sealed; absent keeps it, empty removes it); the caller announces the change. */
export async function saveCrisisConfig(db: DbOrTrx, clock: Clock, sealKey: string, input: CrisisConfigInput): Promise<CrisisConfig> {
  const existing = await repo.findCrisisConfig(db);
  const key =
    input.moderation_key === undefined
      ? { moderation_key_sealed: existing?.moderation_key_sealed ?? null, moderation_key_last4: existing?.moderation_key_last4 ?? null }
      : input.moderation_key === ''
        ? { moderation_key_sealed: null, moderation_key_last4: null }
        : { moderation_key_sealed: seal(sealKey, input.moderation_key, SEAL_CONTEXT), moderation_key_last4: input.moderation_key.slice(-4) };
  await repo.upsertCrisisConfig(db, {
    moderation_enabled: input.moderation_enabled ? 1 : 0,
    moderation_url: input.moderation_url,
    moderation_model: input.moderation_model,
    moderation_timeout_ms: input.moderation_timeout_ms,
    default_country: input.default_country,
    helplines: input.helplines === null ? null : JSON.stringify(input.helplines),
    updated_at: clock.now().toISOString(),
    ...key,
  });
  forgetCrisisConfig(db);
  return viewCrisisConfig(db);
}

/**
 * Re-seals the stored moderation key under a new payout key (part of `npm run payout-key -- rotate`), as the LLM
 * key is: one already under the new key, or none, is left alone; one that opens under neither too. True when changed.
 */
export async function resealModerationKey(db: DbOrTrx, oldKey: string, newKey: string): Promise<boolean> {
  const row = await repo.findCrisisConfig(db);
  const sealed = row?.moderation_key_sealed;
  if (!sealed) return false;
  const opens = (key: string) => {
    try {
      return open(key, sealed, SEAL_CONTEXT);
    } catch {
      return null;
    }
  };
  if (opens(newKey) !== null) return false;
  const plain = opens(oldKey);
  if (plain === null) return false;
  await repo.setModerationKeySealed(db, seal(newKey, plain, SEAL_CONTEXT));
  return true;
}
