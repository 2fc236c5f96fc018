/**
 * The floor server (issue 38): a bare node:http server with the same driver (better-sqlite3 with the app's
 * pragmas, or a pg pool of the app's size with named statements) running the same SQL as the routes
 * (bench/floor-sql.ts, kept in step by apps/server/test/floor-sql.test.ts) — no framework, no validation,
 * no session cache, rows written out as they come. What Parley's rate is measured against: the cost of its SQL alone.
 * Speaks bench/serve.ts's IPC ({port}, 'eld:reset', 'eld', 'rss', 'stop') so bench/run.ts measures it the same way.
 * Routes: /api/health, /api/is-auth, /api/rooms/index, /api/topics/index, /api/messages/index.
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
      return statement.all(...values) as Row[];
    };
  }
  const pool = new pg.Pool({ connectionString: database.url, max: 10, options: database.schema ? `-c search_path=${database.schema}` : undefined });
  const names = new Map<string, string>();
  return async (text, values) => {
    let name = names.get(text);
    if (!name) names.set(text, (name = `floor_${names.size + 1}`));
    return (await pool.query({ name, text, values })).rows as Row[];
  };
})();

let defaultLanguageId = 0;

async function userOf(request: IncomingMessage): Promise<Row | undefined> {
  const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const token = bearer ?? /(?:^|; )parley_session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  if (!token) return undefined;
  const [row] = await query(s.session, [createHash('sha256').update(token).digest('hex')]);
  return row && String(row.session_expires_at) > new Date().toISOString() ? row : undefined;
}

const send = (response: ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
};

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

async function messages(user: Row, url: URL) {
  const topicId = Number(url.searchParams.get('topic_id'));
  const pageSize = Number(url.searchParams.get('page_size') ?? 20);
  const access = await query(s.topicAccess, [user.id, topicId]);
  const mine = access.find((r) => r.p_user_id === user.id);
  if (!mine) return undefined;
  const lastSeq = Number(mine.last_seq);
  const upper = mine.p_to_seq === null ? lastSeq : Math.min(lastSeq, Number(mine.p_to_seq));
  const lower = Math.max(Number(mine.p_from_seq), upper - pageSize);
  const rows = await query(s.messages, [topicId, lower, upper]);
  const attachments =
    rows.length > 0
      ? await query(
          s.attachments(rows.length),
          rows.map((m) => m.id),
        )
      : [];
  return { status: 'OK', payload: { data: rows, attachments } };
}

const routes: Record<string, (user: Row, url: URL) => Promise<unknown>> = {
  '/api/is-auth': async (user) => ({ authenticated: true, user: { id: user.id, chat_name: user.chat_name } }),
  '/api/rooms/index': rooms,
  '/api/topics/index': topics,
  '/api/messages/index': messages,
};

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://floor');
  if (url.pathname === '/api/health') return send(response, 200, { status: 'OK' });
  const route = routes[url.pathname];
  if (!route) return send(response, 404, { status: 'ERROR' });
  userOf(request)
    .then(async (user) => {
      if (!user) return send(response, 401, { status: 'ERROR' });
      const body = await route(user, url);
      return body === undefined ? send(response, 403, { status: 'ERROR' }) : send(response, 200, body);
    })
    .catch((error: unknown) => send(response, 500, { status: 'ERROR', message: String(error) }));
});

// Read once, as the app keeps them in memory.
const languages = await query('select * from "languages" order by "id"', []);
defaultLanguageId = Number(languages.find((l) => l.is_default === 1 || l.is_default === true)?.id ?? languages[0]?.id ?? 0);
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
