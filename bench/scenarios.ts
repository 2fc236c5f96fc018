import { type Db } from '../apps/server/src/db/database.js';
import { paymentScenarios } from './payments-scenarios.js';
import { type Target } from './run.js';

/** Scenarios that depend on feature modules (payments webhook credit, sockets) are added here. */
export async function extraScenarios(target: Target, db: Db, dialect: string) {
  return [...(await paymentScenarios(target, db, dialect))] as { scenario: string; rps: number; p50: number; p99: number; non2xx: number; errors: number }[];
}
