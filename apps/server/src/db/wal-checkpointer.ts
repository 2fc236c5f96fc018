import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the worker checkpoints (a PASSIVE checkpoint with nothing new to copy costs next to nothing). */
const CHECKPOINT_EVERY_MS = 50;
/** A WAL longer than this (4 MB, SQLite's own automatic threshold) is restarted from empty once fully copied. */
const RESTART_ABOVE_FRAMES = 1000;

/**
 * The worker: its own connection to the same file, running a PASSIVE checkpoint every few dozen
 * milliseconds. A PASSIVE checkpoint copies what it can without waiting for (or blocking) the app's
 * readers and writer. Plain CommonJS in a string, so it runs the same under tsx, vitest and compiled Node.
 */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
let failed = false;
const timer = setInterval(() => {
  try {
    const [passive] = db.pragma('wal_checkpoint(PASSIVE)');
    // Under steady writes the WAL is never all copied at a moment no write is running, so it would
    // only grow: once it is long, take the write lock for an instant (never waiting for it) to copy
    // the last frames and start the WAL again from empty.
    if (passive.log > workerData.restartAboveFrames) db.pragma('wal_checkpoint(TRUNCATE)');
    failed = false;
  } catch (error) {
    if (!failed) parentPort.postMessage({ error: String(error) });
    failed = true;
  }
}, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface WalCheckpointer {
  stop(): Promise<void>;
}

/**
 * SQLite's automatic checkpoint runs inside the commit that crosses its threshold, on the thread that
 * committed: every ~1,000 pages a send waited while 4 MB were copied and the file fsynced (commit p99
 * 17 ms, a fifth of a send's average cost, event-loop stalls). Here the app's connection never
 * checkpoints; a worker thread does, on its own core. Durability is SQLite's own:
 * committed frames are in the WAL either way. If the worker cannot start, the caller keeps SQLite's
 * automatic checkpoint.
 */
export function startWalCheckpointer(file: string, onError: (error: unknown) => void): WalCheckpointer | undefined {
  let worker: Worker;
  try {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    worker = new Worker(workerSource, { eval: true, workerData: { file, driver, everyMs: CHECKPOINT_EVERY_MS, restartAboveFrames: RESTART_ABOVE_FRAMES } });
  } catch (error) {
    onError(error);
    return undefined;
  }
  worker.unref();
  worker.on('message', (message: { error?: string }) => onError(new Error(`WAL checkpoint failed: ${message.error}`)));
  worker.on('error', onError);
  return {
    async stop() {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('close');
      await exited;
    },
  };
}
