import pg from 'pg';

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

export default async function setup() {
  const url = process.env.DATABASE_URL;
  const run = Date.now().toString(36);
  process.env.PARLEY_TEST_RUN = run;
  if (!url) return;
  await dropSchemas(url, (name) => {
    const started = Number.parseInt(name.split('_')[1] ?? '', 36);
    return Number.isFinite(started) && Date.now() - started < STALE_MS;
  });
  return async () => {
    await dropSchemas(url, (name) => !name.startsWith(`t_${run}_`));
  };
}
