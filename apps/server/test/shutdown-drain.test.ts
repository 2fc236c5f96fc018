import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signUpBody } from './factories.js';

/**
 * Issue 30 #6: SIGTERM drains. The real server process (src/server.ts), real sockets: readiness turns
 * 503 at once while every other request is still served through the grace period, a request in flight
 * when the listener closes is finished, every answer is the envelope, WebSockets are told 1012
 * (reconnect elsewhere), and the process exits 0 within the bound.
 */
const GRACE_S = 2;
const TIMEOUT_S = 5;
const serverDir = resolve(import.meta.dirname, '..');

const freePort = () =>
  new Promise<number>((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });

interface Answer {
  at: number;
  url: string;
  status: number;
  body: { status?: string; message?: string };
}

describe('SIGTERM drains the server', () => {
  let child: ChildProcess;
  let base: string;
  let dataDir: string;
  let exited: Promise<{ code: number | null; at: number }>;
  let output = '';

  beforeAll(async () => {
    const port = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'parley-drain-'));
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        REQUIRE_EMAIL_VERIFICATION: 'false',
        LOG_LEVEL: 'warn',
        SHUTDOWN_GRACE_S: String(GRACE_S),
        SHUTDOWN_TIMEOUT_S: String(TIMEOUT_S),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolveExit) => child.once('exit', (code) => resolveExit({ code, at: Date.now() })));
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
      const up = await fetch(`${base}/api/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      if (i > 240) throw new Error(`server did not start: ${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 90_000);

  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A signed-in user's bearer token (sign-up without verification in this test server). */
  async function signUp(): Promise<string> {
    const csrf = await fetch(`${base}/api/sanctum/csrf-cookie`);
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const response = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` },
      body: JSON.stringify(signUpBody(`drain-${Date.now()}@example.com`, { name: 'Drain', accept_terms: true })),
    });
    const body = (await response.json()) as { token?: string; payload?: { token?: string } };
    const token = body.token ?? body.payload?.token;
    if (!token) throw new Error(`no token: ${response.status} ${JSON.stringify(body)}`);
    return token;
  }

  it(
    'answers readiness 503 during the grace, serves everything else, finishes in-flight work, closes sockets with 1012 and exits 0',
    { timeout: 60_000 },
    async () => {
      const token = await signUp();
      const socket = new WebSocket(`${base.replace('http', 'ws')}/api/ws`, { headers: { authorization: `Bearer ${token}` } });
      const socketClosed = new Promise<number>((resolveClose) => socket.once('close', (code) => resolveClose(code)));
      await new Promise<void>((resolveOpen, reject) => {
        socket.once('message', () => resolveOpen());
        socket.once('error', reject);
      });

      // A request in flight across the end of the grace: a sign-up whose last body byte arrives only after the listener closed.
      const csrf = await fetch(`${base}/api/sanctum/csrf-cookie`);
      const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
      const payload = JSON.stringify(signUpBody(`drain-late-${Date.now()}@example.com`, { name: 'Late', accept_terms: true }));
      const inFlight = new Promise<Answer>((resolveAnswer, reject) => {
        const headers = {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(payload)),
          'x-xsrf-token': xsrf,
          cookie: `XSRF-TOKEN=${xsrf}`,
        };
        const request = httpRequest(`${base}/api/register`, { method: 'POST', headers }, (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () =>
            resolveAnswer({ at: Date.now(), url: 'in-flight', status: response.statusCode ?? 0, body: JSON.parse(text) as Answer['body'] }),
          );
        });
        request.on('error', reject);
        request.write(payload.slice(0, -1));
        setTimeout(() => request.end(payload.slice(-1)), (GRACE_S + 1) * 1000);
      });
      await new Promise((r) => setTimeout(r, 100));

      const answers: Answer[] = [];
      const refusedAt: number[] = [];
      let stop = false;
      const load = async (url: string, headers: Record<string, string> = {}) => {
        while (!stop) {
          try {
            const response = await fetch(`${base}${url}`, { headers });
            answers.push({ at: Date.now(), url, status: response.status, body: (await response.json()) as Answer['body'] });
          } catch {
            refusedAt.push(Date.now());
            return; // the listener is closed: a proxy would now use another instance
          }
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      const sigtermAt = Date.now();
      child.kill('SIGTERM');
      const loops = [load('/api/ready'), load('/api/health'), load('/api/settings'), load('/api/user/profile', { authorization: `Bearer ${token}` })];

      const exit = await Promise.race([
        exited,
        new Promise<never>((_r, reject) => setTimeout(() => reject(new Error(`no exit: ${output}`)), (GRACE_S + TIMEOUT_S + 5) * 1000)),
      ]);
      stop = true;
      await Promise.all(loops);

      expect(exit.code, output).toBe(0);
      expect(exit.at - sigtermAt).toBeLessThan((GRACE_S + TIMEOUT_S) * 1000);
      expect(exit.at - sigtermAt).toBeGreaterThanOrEqual(GRACE_S * 1000);
      // Every answer is the envelope (no Fastify `{"error":"Service Unavailable"}`); readiness is the only 503.
      for (const answer of answers) expect(answer.body.status, JSON.stringify(answer)).toMatch(/^(OK|ERROR)$/);
      const ready = answers.filter((a) => a.url === '/api/ready');
      expect(ready.length).toBeGreaterThan(3);
      // The first readiness request may race the signal (a loaded machine handles it a moment later):
      // from the first 503 on, readiness never says ready again.
      const drained = ready.findIndex((a) => a.status === 503);
      expect(drained, JSON.stringify(ready.slice(0, 3))).toBeGreaterThanOrEqual(0);
      expect(ready.slice(0, drained).every((a) => a.status === 200)).toBe(true);
      expect(ready.slice(drained).every((a) => a.status === 503 && a.body.message === 'Shutting down')).toBe(true);
      expect(ready.length - drained).toBeGreaterThan(3);
      const served = answers.filter((a) => a.url !== '/api/ready');
      expect(served.length).toBeGreaterThan(10);
      expect(served.filter((a) => a.status !== 200)).toEqual([]);
      // Served through the grace, refused only after it.
      expect(Math.max(...served.map((a) => a.at)) - sigtermAt).toBeGreaterThanOrEqual(GRACE_S * 1000 - 200);
      expect(refusedAt.every((at) => at - sigtermAt >= GRACE_S * 1000 - 200)).toBe(true);
      const finished = await inFlight;
      expect(finished.status).toBe(200);
      expect(finished.body.status).toBe('OK');
      expect(await socketClosed).toBe(1012);
    },
  );
});
