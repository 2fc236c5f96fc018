/**
 * The HTTP scenarios: each is a list of prepared requests replayed round-robin by wrk, so every
 * request carries a different user or session.
 */
import { loadConfig } from '../apps/server/src/config.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../apps/server/src/modules/payments/webhook-signature.js';
import { createSessions, SIZES, USERS, type Dataset } from './dataset.js';
import { type PreparedRequest } from './wrk.js';

export interface Scenario {
  name: string;
  /** Built just before each measurement (webhooks need fresh pending deposits and timestamps). */
  requests(): Promise<PreparedRequest[]>;
  /**
   * For a scenario whose requests do their work once (a webhook credit; wrk replays its list when it runs
   * through it): how many requests of the last list have done it so far. The rate counts these, not replays.
   */
  done?(): Promise<number>;
}

/** Sessions per participant of each flatness-ladder topic: only its two participants can poll it. */
const LADDER_SESSIONS = 200;
const CREATE_USERS = 100;
const DEPOSITS_PER_RUN = Number(process.env.BENCH_DEPOSITS ?? 15_000);
/** BENCH_WEBHOOK_MAIL=1: the deposits carry a billing address, so every credit's receipt is also rendered and mailed (dev mailbox). */
const WEBHOOK_BILLING = process.env.BENCH_WEBHOOK_MAIL === '1' ? JSON.stringify({ name: 'Bench', surname: 'User', email: 'bench@example.com' }) : '{}';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const poll = (topicId: number, token: string): PreparedRequest => ({
  method: 'GET',
  path: `/api/messages/index?topic_id=${topicId}&page=1&page_size=20&order_by=id&order_dir=desc`,
  headers: bearer(token),
});

export const ladderName = (size: number) => `messages/index, topic of ${size.toLocaleString('en')}`;

export async function buildScenarios(data: Dataset, url: string): Promise<Scenario[]> {
  const { db, topics } = data;
  const users = (await db.selectFrom('users').select('id').where('email', 'like', 'bench%').orderBy('id').limit(USERS).execute()).map((u) => u.id);
  const ladder = topics.slice(0, SIZES.length);
  const ladderUsers = ladder.flatMap((t) => Array.from({ length: LADDER_SESSIONS }, (_, i) => (i % 2 === 0 ? t.owner : t.guest)));
  const tokens = await createSessions(db, [...users, ...ladderUsers]);
  const tokenOf = new Map(users.map((id, i) => [id, tokens[i]!]));
  const ladderTokens = tokens.slice(users.length);
  const typical = topics.slice(SIZES.length);
  const fixed = (name: string, requests: PreparedRequest[]): Scenario => ({ name, requests: async () => requests });

  return [
    fixed('no-op (/api/health)', [{ method: 'GET', path: '/api/health' }]),
    fixed(
      'is-auth',
      users.map((id) => ({ method: 'GET', path: '/api/is-auth', headers: { cookie: `parley_session=${tokenOf.get(id)}` } })),
    ),
    fixed(
      'messages/index, typical topic',
      typical.flatMap((t) => [poll(t.id, tokenOf.get(t.owner)!), poll(t.id, tokenOf.get(t.guest)!)]),
    ),
    ...[...ladder.entries()].reverse().map(([i, t]) =>
      fixed(
        ladderName(SIZES[i]!),
        ladderTokens.slice(i * LADDER_SESSIONS, (i + 1) * LADDER_SESSIONS).map((token) => poll(t.id, token)),
      ),
    ),
    fixed('messages/index, nothing new (304)', await revalidations(url, typical.slice(CREATE_USERS), tokenOf)),
    fixed(
      'messages/create, 100 users',
      typical.slice(0, CREATE_USERS).map((t, i) => ({
        method: 'POST',
        path: '/api/messages/create',
        headers: { ...bearer(tokenOf.get(t.owner)!), 'content-type': 'application/json' },
        body: JSON.stringify({ topic_id: t.id, content: `Hello from bench user ${i}!` }),
      })),
    ),
    webhookCredits(data, users),
    // Issue 38 §0 (helper "send"): sends in a crowd's shape, see crowdSends.
    fixed(CROWD_SEND, crowdSends(typical.slice(0, CROWD_TOPICS), tokenOf)),
  ];
}

// ---- The send in a crowd's shape (issue 38 §0) ----------------------------------------------------------

export const CROWD_SEND = 'messages/create, crowd (both participants, random order)';
const CROWD_TOPICS = 100;

/**
 * Both participants of 100 chats, each twice, in a shuffled (seeded) order: with 50 connections both
 * sides of a chat, or one sender twice, are often in flight together — what the round-robin 100-user
 * scenario never does, and what deadlocked PostgreSQL's parallel group-commit batches.
 */
export function crowdSends(topics: Dataset['topics'], tokenOf: Map<number, string>): PreparedRequest[] {
  const requests = topics.flatMap((t, i) =>
    [t.owner, t.guest, t.owner, t.guest].map((user, n): PreparedRequest => ({
      method: 'POST',
      path: '/api/messages/create',
      headers: { ...bearer(tokenOf.get(user)!), 'content-type': 'application/json' },
      body: JSON.stringify({ topic_id: t.id, content: `Crowd hello ${i}.${n}` }),
    })),
  );
  let seed = 38;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = requests.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [requests[i], requests[j]] = [requests[j]!, requests[i]!];
  }
  return requests;
}

/** Polls that carry the validator of the page they already have (what a browser sends): 304s. */
async function revalidations(url: string, topics: Dataset['topics'], tokenOf: Map<number, string>): Promise<PreparedRequest[]> {
  const requests: PreparedRequest[] = [];
  for (const t of topics) {
    for (const token of [tokenOf.get(t.owner)!, tokenOf.get(t.guest)!]) {
      const request = poll(t.id, token);
      const response = await fetch(url + request.path, { headers: request.headers });
      await response.arrayBuffer();
      const etag = response.headers.get('etag');
      if (etag) requests.push({ ...request, headers: { ...request.headers, 'if-none-match': etag } });
    }
  }
  return requests;
}

/**
 * Webhook credits: fresh deposits per measurement; the rate is fresh credits per second (issue 38: at a high
 * rate wrk ran through the list and most requests were replays of events already credited, ~2× cheaper).
 */
export function webhookCredits(data: Dataset, users: number[]): Scenario {
  let tag = '';
  return {
    name: 'payments webhook credit',
    requests: async () => {
      tag = Date.now().toString(36);
      return webhookRequests(data, users, tag);
    },
    done: async () => {
      const row = await data.db
        .selectFrom('deposits')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('gateway_session_id', 'like', `sbx_bench_${tag}_%`)
        .where('status', '=', 'success')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

/** Fresh pending deposits across many users, each credited by one signed sandbox event. */
export async function webhookRequests({ db }: Dataset, users: number[], tag: string): Promise<PreparedRequest[]> {
  // The bench server derives the same sandbox secret from the same environment (bench/serve.ts).
  const secret = loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: undefined }).payment.sandboxWebhookSecret;
  const t = new Date().toISOString();
  const rows = Array.from({ length: DEPOSITS_PER_RUN }, (_, i) => ({
    user_id: users[i % users.length]!,
    amount_cents: 500,
    vat_percent: 22,
    vat_cents: 110,
    total_cents: 610,
    points: 500,
    gateway: 'sandbox',
    gateway_session_id: `sbx_bench_${tag}_${i}`,
    billing: WEBHOOK_BILLING,
    created_at: t,
    updated_at: t,
  }));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 1000)
      await trx
        .insertInto('deposits')
        .values(rows.slice(i, i + 1000))
        .execute();
  });
  const deposits = await db
    .selectFrom('deposits')
    .select(['id', 'gateway_session_id'])
    .where('gateway_session_id', 'like', `sbx_bench_${tag}_%`)
    .orderBy('id')
    .execute();
  const now = Math.floor(Date.now() / 1000);
  return deposits.map((d) => {
    const body = JSON.stringify({
      id: `evt_bench_${d.id}`,
      type: 'payment.succeeded',
      created: now,
      data: { session_id: d.gateway_session_id, reference: `deposit:${d.id}`, amount_cents: 610, currency: 'EUR' },
    });
    return {
      method: 'POST',
      path: '/api/payments/webhook/sandbox',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(secret, body, now) },
      body,
    };
  });
}
