import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite's automatic checkpoint runs inside whichever COMMIT crosses its threshold, on the event loop:
 * it copies the WAL's pages into the database file and fsyncs both, tens of milliseconds on a busy
 * disk, every few hundred writes. Here a worker thread with its own connection checkpoints instead
 * (PASSIVE: it never waits for, nor blocks, the app's readers and writer), and the app's connection
 * only appends to the WAL. Durability is the same: a commit is in the WAL either way
 * (synchronous=NORMAL); the checkpoint only moves it into the main file.
 */
export const CHECKPOINT_EVERY_MS = 100;

// A string, not a function's source: what runs in the worker must not depend on how this file was compiled.
const checkpointLoop = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops checkpointing (its connection closes between two checkpoints). */
  stop(): void;
}

/**
 * Starts checkpointing `file` from a worker thread. `onFailure` runs if the worker stops by itself:
 * the caller turns SQLite's own checkpoints back on, so the WAL never grows without bound.
 */
export function startCheckpointer(file: string, onFailure: (reason: string) => void, everyMs = CHECKPOINT_EVERY_MS): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(checkpointLoop, { eval: true, workerData: { file, driver, everyMs } });
  worker.unref();
  let stopping = false;
  worker.on('message', (message: { error?: string }) => message.error && onFailure(message.error));
  worker.on('error', (error) => onFailure(String(error)));
  worker.on('exit', (code) => !stopping && onFailure(`checkpointer exited with ${code}`));
  return {
    stop() {
      stopping = true;
      worker.postMessage('stop');
    },
  };
}
