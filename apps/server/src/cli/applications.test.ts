import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

const serverRoot = join(import.meta.dirname, '..', '..');

/** Runs the CLI as `npm run applications` does (tsx), against the given SQLite file. */
function runCli(sqliteFile: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', SQLITE_FILE: sqliteFile, LOG_LEVEL: 'silent', SEED_DEMO: 'false' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/applications.ts', ...args], { cwd: serverRoot, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// The CLI is a separate process on a database file, so this suite runs on SQLite only.
describe('npm run applications (CLI on a SQLite file)', () => {
  let ctx: TestContext;
  let file: string;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
    if (ctx.database.kind !== 'sqlite') throw new Error('expected a SQLite test database');
    file = ctx.database.file;
  });
  afterAll(() => ctx.close());

  it('approves a pending application, making the user a contributor, and records it in the audit log', async () => {
    const { client, user } = await createSignedInUser(ctx.app);
    const submitted = await client.post<{ application: { id: number } }>('/api/become-contributor', {
      nickname: 'Cli Owl',
      email: 'cli-owl@example.com',
      experience: 'Plenty',
      interests: 'Terminals',
      help_description: 'Patient listener',
    });
    const id = submitted.body.payload.application.id;

    const listed = await runCli(file, ['list']);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).items.map((a: { id: number }) => a.id)).toContain(id);

    const approved = await runCli(file, ['approve', String(id)]);
    expect(approved.stderr).toBe('');
    expect(approved.code).toBe(0);
    expect(JSON.parse(approved.stdout)).toMatchObject({ id, status: 'approved', nickname: 'Cli Owl' });

    const row = await ctx.db.selectFrom('users').select('is_contributor').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.is_contributor).toBe(1);
    expect((await client.get<{ is_contributor: boolean }>('/api/user/profile')).body.payload.is_contributor).toBe(true);
    const audit = await ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'application.approve').where('subject_id', '=', String(id)).execute();
    expect(audit).toHaveLength(1);

    const again = await runCli(file, ['reject', String(id), 'Too', 'late']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already been reviewed');
  }, 60_000);

  it('exits non-zero with the usage on bad arguments or an unknown id', async () => {
    const bad = await runCli(file, ['approve', 'seven']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Usage: npm run applications');
    const noReason = await runCli(file, ['reject', '1']);
    expect(noReason.code).toBe(1);
    expect(noReason.stderr).toContain('needs a reason');
    const unknown = await runCli(file, ['approve', '987654']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Application not found.');
  }, 60_000);
});
