import { type ChatEvent, type DecisionType } from '@parley/contracts';
import { type Transaction } from 'kysely';
import { type Database } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { type TextPart } from '../reference/localization.service.js';
import { type DecisionStatementRow } from './decisions.table.js';

export interface UndoContext {
  trx: Transaction<Database>;
  clock: Clock;
  statement: DecisionStatementRow;
  complaintId: number;
  actorId: number;
}

/** What an upheld complaint undid: a label for the admin, a sentence for the person, events to publish after commit. */
export interface UndoOutcome {
  undone: string;
  notice: TextPart;
  events?: ChatEvent[];
}

type UndoHandler = (ctx: UndoContext) => Promise<UndoOutcome | null>;

const handlers = new Map<DecisionType, UndoHandler>();

/**
 * The module that makes a kind of decision says how to undo it (a ban lifted, a held message released),
 * so the complaints module calls it without importing that module. Registered when the module loads.
 */
export function registerDecisionUndo(type: DecisionType, handler: UndoHandler): void {
  handlers.set(type, handler);
}

export function findDecisionUndo(type: DecisionType): UndoHandler | undefined {
  return handlers.get(type);
}
