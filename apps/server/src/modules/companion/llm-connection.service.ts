import { type LlmConnection, type LlmConnectionInput, type LlmTestResult } from '@parley/contracts';
import { type FastifyBaseLogger } from 'fastify';
import { type Config } from '../../config.js';
import { type DbOrTrx } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { open, seal } from '../../lib/secret-box.js';
import { createOfflineProvider } from './companion.offline.js';
import { deleteLlmConnection, findLlmConnection, setLlmKeySealed, upsertLlmConnection } from './companion.repository.js';
import { createOpenAiProvider } from './companion.openai.js';
import { type CompanionContext, type CompanionProvider, type ReplyOptions } from './companion.provider.js';
import { builtInPersona } from './personas.service.js';

/** The sealed key is bound to its row: copied elsewhere it does not open. */
const SEAL_CONTEXT = 'llm-connection:1';

export interface LlmEndpoint {
  baseUrl: string;
  apiKey?: string;
  model: string;
}

const findRow = findLlmConnection;

/** The admin's connection with its key opened; null when there is none (or its key no longer opens: logged). */
export async function loadStoredEndpoint(db: DbOrTrx, sealKey: string, log?: FastifyBaseLogger): Promise<LlmEndpoint | null> {
  const row = await findRow(db);
  if (!row) return null;
  try {
    return { baseUrl: row.base_url, model: row.model, apiKey: row.api_key_sealed === null ? undefined : open(sealKey, row.api_key_sealed, SEAL_CONTEXT) };
  } catch (error) {
    log?.error({ err: error }, 'the stored LLM key does not open with the payout key: using the environment; enter the key again in /admin → AI');
    return null;
  }
}

/** The endpoint the companion uses: the admin's connection, else the LLM_* environment, else none (the offline companion). */
export async function effectiveEndpoint(db: DbOrTrx, config: Config, log?: FastifyBaseLogger): Promise<LlmEndpoint | null> {
  return (
    (await loadStoredEndpoint(db, config.payoutEncryptionKey, log)) ??
    (config.llm ? { baseUrl: config.llm.baseUrl, apiKey: config.llm.apiKey, model: config.llm.model } : null)
  );
}

export function providerFor(endpoint: LlmEndpoint | null, config: Config, log?: FastifyBaseLogger): CompanionProvider {
  if (!endpoint) return createOfflineProvider();
  return createOpenAiProvider({ ...endpoint, timeoutMs: config.llm?.timeoutMs, retries: config.llm?.retries, log });
}

const last4 = (key: string | undefined) => (key ? key.slice(-4) : null);

/** What the admin console shows: never the key, only whether one is set and its last four characters. */
export async function viewConnection(db: DbOrTrx, config: Config): Promise<LlmConnection> {
  const row = await findRow(db);
  if (row)
    return {
      source: 'database',
      base_url: row.base_url,
      model: row.model,
      key_set: row.api_key_sealed !== null,
      key_last4: row.api_key_last4,
      updated_at: row.updated_at,
      environment_configured: config.llm !== undefined,
    };
  return {
    source: config.llm ? 'environment' : 'offline',
    base_url: config.llm?.baseUrl ?? null,
    model: config.llm?.model ?? null,
    key_set: Boolean(config.llm?.apiKey),
    key_last4: last4(config.llm?.apiKey),
    updated_at: null,
    environment_configured: config.llm !== undefined,
  };
}

/** Stores the connection, the key sealed; an absent key keeps the stored one, an empty one removes it. */
export async function saveConnection(db: DbOrTrx, clock: Clock, sealKey: string, input: LlmConnectionInput): Promise<void> {
  const existing = await findRow(db);
  const key =
    input.api_key === undefined
      ? { api_key_sealed: existing?.api_key_sealed ?? null, api_key_last4: existing?.api_key_last4 ?? null }
      : input.api_key === ''
        ? { api_key_sealed: null, api_key_last4: null }
        : { api_key_sealed: seal(sealKey, input.api_key, SEAL_CONTEXT), api_key_last4: last4(input.api_key) };
  const values = { base_url: input.base_url, model: input.model, ...key, updated_at: clock.now().toISOString() };
  await upsertLlmConnection(db, values);
}

/** Removes the admin's connection: the environment's (or the offline companion) answers again. */
export async function removeConnection(db: DbOrTrx): Promise<void> {
  await deleteLlmConnection(db);
}

/**
 * Re-seals the stored LLM key under a new payout key (part of `npm run payout-key -- rotate`). A key
 * already under the new one, or none, is left alone; one that opens under neither is left too (the
 * admin enters it again). True when it changed.
 */
export async function resealLlmKey(db: DbOrTrx, oldKey: string, newKey: string): Promise<boolean> {
  const row = await findRow(db);
  if (!row?.api_key_sealed) return false;
  const opens = (key: string) => {
    try {
      return open(key, row.api_key_sealed!, SEAL_CONTEXT);
    } catch {
      return null;
    }
  };
  if (opens(newKey) !== null) return false;
  const plain = opens(oldKey);
  if (plain === null) return false;
  await setLlmKeySealed(db, seal(newKey, plain, SEAL_CONTEXT));
  return true;
}

/**
 * One short completion, no retries: OK with the start of the answer, or the endpoint's error.
 * Values not given come from the stored connection (the key when none is typed), then the environment.
 */
export async function testConnection(db: DbOrTrx, config: Config, input: Partial<LlmConnectionInput>): Promise<LlmTestResult> {
  const stored = await effectiveEndpoint(db, config);
  const baseUrl = input.base_url ?? stored?.baseUrl;
  const model = input.model ?? stored?.model;
  if (!baseUrl || !model) return { ok: false, model: model ?? null, reply: null, error: 'No endpoint: enter its URL and model.', latency_ms: 0 };
  const apiKey = input.api_key === undefined ? stored?.apiKey : input.api_key || undefined;
  const provider = createOpenAiProvider({ baseUrl, model, apiKey, timeoutMs: 15_000, retries: 0 });
  const context: CompanionContext = {
    persona: { ...builtInPersona('Parley'), temperature: 0, maxTokens: 16 },
    topicTitle: 'Connection test',
    terms: null,
    history: [{ role: 'user', name: 'Admin', content: 'Reply with the single word OK.' }],
    seed: 0,
  };
  const started = performance.now();
  try {
    const reply = await provider.reply(context, {} satisfies ReplyOptions);
    return { ok: true, model, reply: reply.text.slice(0, 200), error: null, latency_ms: Math.round(performance.now() - started) };
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    const message = cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
    return { ok: false, model, reply: null, error: message.slice(0, 300), latency_ms: Math.round(performance.now() - started) };
  }
}

/**
 * The companion's provider behind one object that can be swapped while the app runs: an admin's
 * change of the connection takes effect on every instance without a restart.
 */
export class SwitchableProvider implements CompanionProvider {
  constructor(
    private current: CompanionProvider,
    private currentModel: string | null,
  ) {}

  get kind() {
    return this.current.kind;
  }

  get model() {
    return this.currentModel;
  }

  use(provider: CompanionProvider, model: string | null) {
    this.current = provider;
    this.currentModel = model;
  }

  reply(context: CompanionContext, options?: ReplyOptions) {
    return this.current.reply(context, options);
  }
}
