import { type Db } from '../apps/server/src/db/database.js';
import { type Target } from './run.js';

/** Scenarios that depend on feature modules (payments webhook credit, sockets) are added here. */
export async function extraScenarios(_target: Target, _db: Db, _dialect: string) {
  return [] as { scenario: string; rps: number; p50: number; p99: number; non2xx: number; errors: number }[];
}
