import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './redis-server.js';

/** The processes whose parent is `pid` (from /proc: field 4 of stat, after the command in parentheses). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

const signal = (pid: number, name: NodeJS.Signals) => {
  try {
    process.kill(pid, name);
  } catch {
    // exited meanwhile
  }
};

/** Debian's PostgreSQL binaries (the newest installed version), if any. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

/** initdb and postgres refuse to run as root: as root (CI), they run as the `postgres` OS user. */
function asPostgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || uid <= 0) throw new Error('running as root needs a postgres OS user to run PostgreSQL as');
  return { uid, gid };
}

/**
 * A private PostgreSQL server for fault tests, never the shared one: its own data directory under the
 * temporary directory, its own port on 127.0.0.1, trust authentication, fsync off. The test stops and
 * starts it (a fast shutdown, as `pg_ctl -m fast stop`), and freezes it (SIGSTOP of the postmaster and
 * every backend).
 */
export class PrivatePostgres {
  private process?: ChildProcess;
  private constructor(
    readonly bin: string,
    readonly dir: string,
    readonly port: number,
    private readonly user: { uid: number; gid: number } | undefined,
  ) {}

  static async start(bin: string): Promise<PrivatePostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'parley-pg-'));
    const user = asPostgresUser();
    if (user) chownSync(dir, user.uid, user.gid);
    const data = join(dir, 'data');
    const init = spawnSync(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'], {
      encoding: 'utf8',
      ...(user ?? {}),
    });
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
    const server = new PrivatePostgres(bin, dir, await freePort(), user);
    await server.up();
    return server;
  }

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  async up() {
    const args = ['-D', join(this.dir, 'data'), '-p', String(this.port), '-k', this.dir];
    for (const setting of ['listen_addresses=127.0.0.1', 'fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=50'])
      args.push('-c', setting);
    const child = spawn(join(this.bin, 'postgres'), args, { stdio: ['ignore', 'ignore', 'pipe'], ...(this.user ?? {}) });
    this.process = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`postgres did not start in 30 s: ${output}`)), 30_000);
      child.stderr!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`postgres exited (${code}): ${output}`));
      });
    });
  }

  /** A fast shutdown (SIGINT, as `pg_ctl -m fast stop`): sessions are ended with 57P01, then the server exits. */
  async down() {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    this.thaw();
    child.kill('SIGINT');
    await exited;
  }

  /**
   * Freezes the postmaster and every backend (each child calls setsid, so they are found by parent pid):
   * connections stay open, nothing answers (a hung host). The postmaster first, so it forks no more.
   */
  freeze() {
    const pid = this.process?.pid;
    if (!pid || this.process!.exitCode !== null) return;
    process.kill(pid, 'SIGSTOP');
    for (const child of childrenOf(pid)) signal(child, 'SIGSTOP');
  }

  thaw() {
    const pid = this.process?.pid;
    if (!pid || this.process!.exitCode !== null) return;
    for (const child of childrenOf(pid)) signal(child, 'SIGCONT');
    process.kill(pid, 'SIGCONT');
  }

  /** Stops the server and removes its data. */
  async destroy() {
    await this.down();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
