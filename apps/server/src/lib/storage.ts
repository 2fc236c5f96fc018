import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where uploaded files live. Keys are random (never a client's file name), so a
 * stored name reveals nothing and cannot be guessed or steered. Local disk by
 * default; an S3-compatible adapter can implement the same three calls.
 */
export interface Storage {
  /** Stores the bytes under a new random key and returns it. */
  put(data: Buffer): Promise<string>;
  /** The bytes, or null when the key is unknown or malformed. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; unknown keys are ignored. */
  delete(key: string): Promise<void>;
  /** Releases connections (S3), if any. */
  close?(): void;
}

const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f]{32}$/;
export const isStorageKey = (key: string) => KEY_PATTERN.test(key);

export function newStorageKey(): string {
  const hex = randomBytes(16).toString('hex');
  return `${hex.slice(0, 2)}/${hex}`;
}

/** Files under `root`, sharded by the first byte of the key. */
export function createLocalDiskStorage(root: string): Storage {
  const pathOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error('storage: malformed key');
    return join(root, ...key.split('/'));
  };
  return {
    async put(data) {
      const key = newStorageKey();
      const path = pathOf(key);
      await mkdir(join(root, key.slice(0, 2)), { recursive: true });
      await writeFile(path, data, { flag: 'wx' });
      return key;
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await rm(pathOf(key), { force: true });
    },
  };
}
