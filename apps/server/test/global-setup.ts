import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { STATUS_DIR_ENV, undeclaredStatuses } from './answered-statuses.js';

/**
 * PostgreSQL test schemas are dropped here, once, after every server test file has finished —
 * never while other files run: Kysely's migrator introspects every schema of the database, and a
 * schema dropped in the middle of that catalog query makes an unrelated test file fail.
 * Each run names its schemas `t_<run>_…`; stale ones from a crashed run older than 2 hours go too.
 */
const STALE_MS = 2 * 3600_000;

async function dropSchemas(url: string, keep: (name: string) => boolean) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(`select nspname from pg_namespace where nspname like 't\\_%'`);
    for (const { nspname } of rows) if (!keep(nspname)) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** Issue 32 §2: a status some test saw a route answer that its schema does not declare fails the run. */
function checkAnsweredStatuses(dir: string) {
  const undeclared = undeclaredStatuses(dir);
  rmSync(dir, { recursive: true, force: true });
  if (undeclared.length === 0) return;
  const lines = undeclared.map(({ method, url, status }) => `  ${method} ${url} answered ${status}`);
  throw new Error(
    `Routes answered statuses their response schemas do not declare (add them to the route's \`response\`, e.g. ...errorResponses(404)):\n${lines.join('\n')}`,
  );
}

export default async function setup() {
  const url = process.env.DATABASE_URL;
  const run = Date.now().toString(36);
  process.env.PARLEY_TEST_RUN = run;
  const statusDir = mkdtempSync(join(tmpdir(), 'parley-statuses-'));
  process.env[STATUS_DIR_ENV] = statusDir;
  if (url)
    await dropSchemas(url, (name) => {
      const started = Number.parseInt(name.split('_')[1] ?? '', 36);
      return Number.isFinite(started) && Date.now() - started < STALE_MS;
    });
  return async () => {
    if (url) await dropSchemas(url, (name) => !name.startsWith(`t_${run}_`));
    checkAnsweredStatuses(statusDir);
  };
}
