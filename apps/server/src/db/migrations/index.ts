import { type Migration } from 'kysely';
import * as m0001 from './0001_core.js';

/** Every migration, in order. Append only; never edit a landed one. */
export const migrations: Record<string, Migration> = {
  '0001_core': m0001,
};
