/**
 * The load generator: wrk (C, not Node, so it never is the bottleneck), driven by bench/lua/requests.lua
 * with a file of prepared requests so every request carries a different user or session.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const WRK_THREADS = 1;
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const script = join(import.meta.dirname, 'lua', 'requests.lua');

export interface PreparedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface WrkResult {
  rps: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  statusErrors: number;
  socketErrors: number;
}

/** wrk is a Debian package; installed on first use when missing (needs root, as on the bench machine). */
export function ensureWrk() {
  if (spawnSync('wrk', ['-v']).error === undefined) return;
  console.log('wrk missing: apt-get install -y wrk');
  execFileSync('apt-get', ['install', '-y', 'wrk'], { stdio: 'inherit' });
}

export function writeRequests(file: string, requests: PreparedRequest[]) {
  const line = (r: PreparedRequest) => {
    const headers = Object.entries(r.headers ?? {})
      .map(([k, v]) => `${k}: ${v}`)
      .join('\x1f');
    return [r.method, r.path, headers, r.body ?? ''].join('\t');
  };
  writeFileSync(file, requests.map(line).join('\n') + '\n');
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Runs wrk for `durationS` seconds over the prepared requests in `file`. */
export function runWrk(url: string, file: string, durationS: number): Promise<WrkResult> {
  const args = ['-t', String(WRK_THREADS), '-c', String(CONNECTIONS), '-d', `${durationS}s`, '--timeout', '10s', '-s', script, url];
  return new Promise((resolveRun, reject) => {
    const child = spawn('wrk', args, { env: { ...process.env, BENCH_REQUESTS: file, BENCH_THREADS: String(WRK_THREADS) } });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const json = /BENCH_JSON (\{.*\})/.exec(out)?.[1];
      if (code !== 0 || !json) return reject(new Error(`wrk failed (${code}): ${out}`));
      const r = JSON.parse(json) as { requests: number; duration_us: number; status_errors: number; socket_errors: number; p50_us: number; p99_us: number };
      resolveRun({
        rps: Math.round(r.requests / (r.duration_us / 1e6)),
        requests: r.requests,
        p50Ms: round(r.p50_us / 1000),
        p99Ms: round(r.p99_us / 1000),
        statusErrors: r.status_errors,
        socketErrors: r.socket_errors,
      });
    });
  });
}
