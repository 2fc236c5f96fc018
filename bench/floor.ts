/**
 * The floor server (issue 38): a bare node:http server with the same driver (better-sqlite3 with the app's
 * pragmas, or a pg pool of the app's size with named statements) running the same SQL as the routes
 * (bench/floor-sql.ts, kept in step by apps/server/test/floor-sql.test.ts) — no framework, no validation,
 * no session cache, rows written out as they come. What Parley's rate is measured against: the cost of its SQL alone.
 * Speaks bench/serve.ts's IPC ({port}, 'eld:reset', 'eld', 'rss', 'stop') so bench/run.ts measures it the same way.
 * Routes: /api/health, /api/is-auth, /api/rooms/index, /api/topics/index, /api/messages/index (a 304 when
 * If-None-Match names the page), POST /api/messages/create (JSON {topic_id, content}, paid, one transaction per
 * send) and POST /api/payments/webhook/sandbox (credits a pending deposit once; the signature is not checked).
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { sql, type FloorDialect } from './floor-sql.js';

type Row = Record<string, unknown>;
type Database = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };

const database = JSON.parse(process.env.BENCH_DATABASE ?? '{}') as Database;
const dialect: FloorDialect = database.kind;
const s = sql[dialect];
const PAGE_SIZE = 24;
const ROOMS_PER_PAGE = 12;
const MAX_ID = 2_147_483_647;

const pool =
  database.kind === 'postgres'
    ? new pg.Pool({ connectionString: database.url, max: 10, options: database.schema ? `-c search_path=${database.schema}` : undefined })
    : undefined;
const names = new Map<string, string>();
/** A named (prepared) statement per text, as the app's PostgreSQL statements are. */
const nameOf = (text: string) => {
  let name = names.get(text);
  if (!name) names.set(text, (name = `floor_${names.size + 1}`));
  return name;
};

/** One query function over either driver: positional parameters, rows back. */
const query: (text: string, values: unknown[]) => Promise<Row[]> = (() => {
  if (database.kind === 'sqlite') {
    const db = new SQLite(database.file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('cache_size = -65536');
    const statements = new Map<string, SQLite.Statement>();
    return async (text, values) => {
      let statement = statements.get(text);
      if (!statement) statements.set(text, (statement = db.prepare(text)));
      return statement.reader ? (statement.all(...values) as Row[]) : (statement.run(...values), []);
    };
  }
  return async (text, values) => (await pool!.query({ name: nameOf(text), text, values })).rows as Row[];
})();

/**
 * Statements in one transaction on one connection. SQLite's connection is shared, so transactions take turns
 * (a chain) and nothing else runs inside one: better-sqlite3 runs each statement synchronously.
 */
type Query = (text: string, values: unknown[]) => Promise<Row[]>;
const transaction: <T>(run: (q: Query) => Promise<T>) => Promise<T> = (() => {
  if (database.kind === 'sqlite') {
    let turn: Promise<unknown> = Promise.resolve();
    return <T>(run: (q: Query) => Promise<T>) => {
      const next = turn.then(async () => {
        await query(s.begin, []);
        try {
          const result = await run(query);
          await query(s.commit, []);
          return result;
        } catch (error) {
          await query('rollback', []);
          throw error;
        }
      });
      turn = next.catch(() => undefined);
      return next;
    };
  }
  return async <T>(run: (q: Query) => Promise<T>) => {
    const client = await pool!.connect();
    const q: Query = async (text, values) => (await client.query({ name: nameOf(text), text, values })).rows as Row[];
    try {
      await client.query(s.begin);
      const result = await run(q);
      await client.query(s.commit);
      return result;
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  };
})();

let defaultLanguageId = 0;
let symbolCost = 1;

async function userOf(request: IncomingMessage): Promise<Row | undefined> {
  const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const token = bearer ?? /(?:^|; )parley_session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  if (!token) return undefined;
  const [row] = await query(s.session, [createHash('sha256').update(token).digest('hex')]);
  return row && String(row.session_expires_at) > new Date().toISOString() ? row : undefined;
}

async function rooms(user: Row, url: URL) {
  const page = Number(url.searchParams.get('page') ?? 1);
  const [data, count] = await Promise.all([query(s.rooms, [0, ROOMS_PER_PAGE, (page - 1) * ROOMS_PER_PAGE]), query(s.roomsCount, [0])]);
  const ids = data.map((r) => r.id);
  const translations = ids.length > 0 ? await query(s.roomsTranslations(ids.length), ['rooms', user.language_id ?? defaultLanguageId, ...ids, 'title']) : [];
  return { status: 'OK', payload: { data, translations, meta: { current_page: page, total: Number(count[0]?.n ?? 0) } } };
}

async function topics(user: Row, url: URL) {
  const roomId = Number(url.searchParams.get('room_id'));
  const pageSize = Number(url.searchParams.get('page_size') ?? PAGE_SIZE);
  const now = new Date().toISOString();
  const page = (text: string, flag: number, limit: number) => query(text, [0, roomId, flag, now, MAX_ID, user.id, user.id, limit]);
  const highlighted = await page(s.topicsHighlighted, 1, pageSize + 1);
  const rows = highlighted.length > pageSize ? highlighted : [...highlighted, ...(await page(s.topicsRest, 0, pageSize - highlighted.length + 1))];
  return { status: 'OK', payload: rows.slice(0, pageSize), next_cursor: rows.length > pageSize ? String(Number(rows[pageSize - 1]!.id) - 1) : null };
}

/** An answer: a status, a body to write as JSON (none for a 304) and extra headers. */
type Answer = { status: number; body?: unknown; headers?: Record<string, string> };
type Request = { user: Row; url: URL; headers: IncomingMessage['headers']; body: string };
const ok = (payload: unknown): Answer => ({ status: 200, body: { status: 'OK', payload } });

async function messages({ user, url, headers }: Request): Promise<Answer> {
  const topicId = Number(url.searchParams.get('topic_id'));
  const pageSize = Number(url.searchParams.get('page_size') ?? 20);
  const access = await query(s.topicAccess, [user.id, topicId]);
  const mine = access.find((r) => r.p_user_id === user.id);
  if (!mine) return { status: 403, body: { status: 'ERROR' } };
  const lastSeq = Number(mine.last_seq);
  const upper = mine.p_to_seq === null ? lastSeq : Math.min(lastSeq, Number(mine.p_to_seq));
  const lower = Math.max(Number(mine.p_from_seq), upper - pageSize);
  // The validator names what the viewer sees, as the app's does (no cache: it is computed from the access read).
  const etag = `W/"m${topicId}-${lower}:${upper}-${String(user.id)}-${String(mine.participants_count)}-${String(mine.is_closed)}-${url.search}"`;
  if (headers['if-none-match'] === etag) return { status: 304, headers: { etag } };
  const rows = await query(s.messages, [topicId, lower, upper]);
  const attachments =
    rows.length > 0
      ? await query(
          s.attachments(rows.length),
          rows.map((m) => m.id),
        )
      : [];
  return { ...ok({ data: rows, attachments }), headers: { etag, 'cache-control': 'private, no-cache' } };
}

const spendingClock = () => {
  const now = new Date().toISOString();
  return { now, day: now.slice(0, 10), month: now.slice(0, 7) };
};

/** A paid send: the sender's seat, the spend, the seq, the message and its ledger entry in one transaction. */
async function send({ user, body }: Request): Promise<Answer> {
  const input = JSON.parse(body) as { topic_id: number; content: string };
  const content = String(input.content).trim();
  const userId = Number(user.id);
  const cost = [...content].length * symbolCost;
  const adult = user.adult_confirmed_at ? 1 : 0;
  const { now, day, month } = spendingClock();
  const spend = [cost, day, cost, day, month, cost, month, cost, cost, cost, cost, userId, cost, now, day, cost, now, now, month, cost, now];
  const stored = await transaction(async (q) => {
    if (dialect === 'postgres') {
      const message = [input.topic_id, userId, 'user', content, cost, null, null, now];
      const entry = [userId, -cost, 'message', 'message', 'message:', null, now];
      const [row] = await q(sql.postgres.send, [
        input.topic_id,
        ...spend,
        userId,
        userId,
        adult,
        now,
        input.topic_id,
        0,
        userId,
        userId,
        adult,
        ...message,
        ...entry,
      ]);
      return row?.sent_message ? { message: row.sent_message, balance: row.posted_balance } : undefined;
    }
    const access = await q(sql.sqlite.sendAccess, [input.topic_id]);
    const seat = access.find((a) => a.p_user_id === userId);
    if (!seat || seat.is_closed !== 0 || (seat.user_id !== userId && seat.chat_mode !== 'human') || (seat.chat_mode === 'human' && !adult)) return undefined;
    const [moved] = await q(sql.sqlite.spend, spend);
    if (!moved) return undefined;
    const [next] = await q(sql.sqlite.takeNextSeq, [now, input.topic_id]);
    const [message] = await q(sql.sqlite.insertAtSeq, [input.topic_id, userId, 'user', content, cost, null, null, now, next!.last_seq]);
    await q(sql.sqlite.entry, [
      userId,
      -cost,
      'message',
      'message',
      String(message!.id),
      `message:${String(message!.id)}`,
      null,
      now,
      moved.balance,
      moved.promo_moved,
    ]);
    return { message, balance: moved.balance };
  });
  return stored ? ok(stored) : { status: 402, body: { status: 'ERROR' } };
}

/** A sandbox payment event: recorded once; a pending deposit it matches is settled and its coins credited. */
async function webhook({ body }: Request): Promise<Answer> {
  const event = JSON.parse(body) as { id: string; created: number; data: { session_id: string; reference: string; amount_cents: number } };
  const depositId = Number(/^deposit:(\d+)$/.exec(event.data.reference)?.[1]);
  const now = new Date().toISOString();
  await transaction(async (q) => {
    const [recorded] = await q(s.paymentEvent, ['sandbox', event.id, 'succeeded', event.data.reference, event.data.amount_cents, now]);
    if (!recorded) return;
    const settle = [
      'success',
      null,
      now,
      now,
      event.data.session_id,
      'Card',
      now,
      depositId,
      'sandbox',
      'pending',
      'error',
      event.data.amount_cents,
      event.data.session_id,
    ];
    const [deposit] = await q(s.settle, settle);
    if (!deposit) return;
    const key = `deposit:${String(deposit.id)}`;
    if (dialect === 'postgres') {
      await q(sql.postgres.creditWithEntry, [
        deposit.points,
        0,
        0,
        deposit.user_id,
        deposit.user_id,
        deposit.points,
        'top_up',
        'deposit',
        String(deposit.id),
        key,
        null,
        now,
      ]);
      return;
    }
    const [moved] = await q(sql.sqlite.credit, [deposit.points, 0, 0, deposit.user_id]);
    await q(sql.sqlite.entry, [deposit.user_id, deposit.points, 'top_up', 'deposit', String(deposit.id), key, null, now, moved!.balance, moved!.promo_moved]);
  });
  return ok({ received: true });
}

const routes: Record<string, (request: Request) => Promise<Answer>> = {
  'GET /api/is-auth': async ({ user }) => ({ status: 200, body: { authenticated: true, user: { id: user.id, chat_name: user.chat_name } } }),
  'GET /api/rooms/index': async ({ user, url }) => ({ status: 200, body: await rooms(user, url) }),
  'GET /api/topics/index': async ({ user, url }) => ({ status: 200, body: await topics(user, url) }),
  'GET /api/messages/index': messages,
  'POST /api/messages/create': send,
};

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString()));
    request.on('error', reject);
  });

const answer = (response: ServerResponse, { status, body, headers }: Answer) => {
  if (body === undefined) {
    response.writeHead(status, headers);
    return response.end();
  }
  const text = JSON.stringify(body);
  response.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
};

async function handle(request: IncomingMessage): Promise<Answer> {
  const url = new URL(request.url ?? '/', 'http://floor');
  if (url.pathname === '/api/health') return { status: 200, body: { status: 'OK' } };
  const body = request.method === 'POST' ? await readBody(request) : '';
  if (request.method === 'POST' && url.pathname === '/api/payments/webhook/sandbox') return webhook({ user: {}, url, headers: request.headers, body });
  const route = routes[`${request.method ?? 'GET'} ${url.pathname}`];
  if (!route) return { status: 404, body: { status: 'ERROR' } };
  const user = await userOf(request);
  if (!user) return { status: 401, body: { status: 'ERROR' } };
  return route({ user, url, headers: request.headers, body });
}

const server = createServer((request, response) => {
  handle(request)
    .then((result) => answer(response, result))
    .catch((error: unknown) => answer(response, { status: 500, body: { status: 'ERROR', message: String(error) } }));
});

// Read once, as the app keeps them in memory.
const languages = await query('select * from "languages" order by "id"', []);
defaultLanguageId = Number(languages.find((l) => l.is_default === 1 || l.is_default === true)?.id ?? languages[0]?.id ?? 0);
const [symbol] = await query('select "value" from "settings" where "key" = \'message_symbol_cost\'', []);
symbolCost = Number(symbol?.value ?? 1);
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
process.on('message', (message: unknown) => {
  if (message === 'rss') process.send?.({ rss: process.memoryUsage().rss });
  if (message === 'eld:reset') delay.reset();
  if (message === 'eld') process.send?.({ eld: { p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6 } });
  if (message === 'stop') {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
