/** Starts bench/serve.ts in a child process and talks to it over IPC. */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { type Config } from '../apps/server/src/config.js';

export interface BenchServer {
  child: ChildProcess;
  port: number;
  url: string;
  ask<T>(message: string, key: string): Promise<T>;
  /** Resolves once the process has exited (its database connections closed). */
  stop(): Promise<void>;
}

/** `script`: bench/serve.ts (Parley) or bench/floor.ts (the floor server), which speak the same IPC. */
export function startServer(database: Config['database'], env: Record<string, string | undefined> = {}, script = 'serve.ts'): Promise<BenchServer> {
  const child = fork(join(import.meta.dirname, script), {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, ...env, BENCH_DATABASE: JSON.stringify(database) },
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const ask = <T>(message: string, key: string) =>
    new Promise<T>((r) => {
      const listener = (m: Record<string, unknown>) => {
        if (!(key in m)) return;
        child.off('message', listener);
        r(m[key] as T);
      };
      child.on('message', listener);
      child.send(message);
    });
  return new Promise((resolveStart, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited ${code}`)));
    child.once('message', (m: { port: number }) =>
      resolveStart({
        child,
        port: m.port,
        url: `http://127.0.0.1:${m.port}`,
        ask,
        stop: async () => {
          child.send('stop');
          const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
          await exited;
          clearTimeout(timer);
        },
      }),
    );
  });
}
