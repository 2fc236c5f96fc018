import { stringify } from 'csv-stringify/sync';
import { decisionTypeSchema, dsaStatementFields, texts, type DecisionType, type DsaStatement } from '@parley/contracts';
import { type Db } from '../../db/database.js';
import * as repo from './decisions.repository.js';
import { type DecisionStatementRow } from './decisions.table.js';

/**
 * Statements of reasons in the field set of the EU DSA transparency database (docs/DSA.md lists the fields,
 * their meaning and the values Parley uses), for an operator's reporting. No personal data leaves: the
 * statement's own id is its platform unique id, facts are the decider's words about the decision.
 */
const EU_TERRITORY = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];

interface Restriction {
  visibility: string[];
  monetary: string | null;
  provision: string | null;
  account: string | null;
  category: string;
}

const restrictions: Record<DecisionType, Restriction> = {
  ban: {
    visibility: [],
    monetary: null,
    provision: 'DECISION_PROVISION_TOTAL_SUSPENSION',
    account: 'DECISION_ACCOUNT_SUSPENDED',
    category: 'STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE',
  },
  topic_closed: {
    visibility: ['DECISION_VISIBILITY_CONTENT_DISABLED'],
    monetary: null,
    provision: null,
    account: null,
    category: 'STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE',
  },
  held_rejected: {
    visibility: ['DECISION_VISIBILITY_CONTENT_REMOVED'],
    monetary: null,
    provision: null,
    account: null,
    category: 'STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE',
  },
  content_refused: {
    visibility: ['DECISION_VISIBILITY_CONTENT_REMOVED'],
    monetary: null,
    provision: null,
    account: null,
    category: 'STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE',
  },
  application_rejected: {
    visibility: [],
    monetary: null,
    provision: 'DECISION_PROVISION_PARTIAL_SUSPENSION',
    account: null,
    category: 'STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE',
  },
  earnings_reversed: {
    visibility: [],
    monetary: 'DECISION_MONETARY_OTHER',
    provision: null,
    account: null,
    category: 'STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE',
  },
  payout_rejected: {
    visibility: [],
    monetary: 'DECISION_MONETARY_SUSPENSION',
    provision: null,
    account: null,
    category: 'STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE',
  },
};

const contentTypes: Record<string, string> = { text: 'CONTENT_TYPE_TEXT', image: 'CONTENT_TYPE_IMAGE', other: 'CONTENT_TYPE_OTHER' };

export function toDsaStatement(row: DecisionStatementRow): DsaStatement {
  const type = decisionTypeSchema.parse(row.type);
  const restriction = restrictions[type];
  const automated = row.automated === 1;
  return {
    puid: `parley-statement-${row.id}`,
    decision_visibility: restriction.visibility,
    decision_monetary: restriction.monetary,
    decision_provision: restriction.provision,
    decision_account: restriction.account,
    account_type: 'ACCOUNT_TYPE_PRIVATE',
    decision_ground: 'DECISION_GROUND_INCOMPATIBLE_CONTENT',
    incompatible_content_ground: row.ground_detail ? `${texts.decisions.ground[type]} (rule ${row.ground_detail})` : texts.decisions.ground[type],
    incompatible_content_explanation: texts.decisions.decision[type],
    category: restriction.category,
    content_type: [contentTypes[row.content_type] ?? 'CONTENT_TYPE_OTHER'],
    content_date: row.created_at.slice(0, 10),
    application_date: row.created_at.slice(0, 10),
    decision_facts: row.facts ?? texts.decisions.facts[type],
    // A decision that follows a report is an Art. 16 notice's; the rest are Parley's own initiative.
    source_type: row.dedupe_key.startsWith('report:') ? 'SOURCE_ARTICLE_16' : 'SOURCE_VOLUNTARY',
    automated_detection: automated ? 'Yes' : 'No',
    automated_decision: automated ? 'AUTOMATED_DECISION_FULLY' : 'AUTOMATED_DECISION_NOT_AUTOMATED',
    territorial_scope: EU_TERRITORY,
  };
}

const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString();

/** Statements from..to (whole UTC days, inclusive), at most 50,000 per export. */
export async function exportStatements(db: Db, query: { from?: string; to?: string }): Promise<DsaStatement[]> {
  const from = query.from ? `${query.from}T00:00:00.000Z` : undefined;
  const to = query.to ? dayAfter(query.to) : undefined;
  return (await repo.listStatementsBetween(db, from, to, 50_000)).map(toDsaStatement);
}

/** A cell a spreadsheet would run as a formula gets a leading quote (CSV injection). */
const inert = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** One header row of the documented fields; lists as JSON arrays, absent values empty. */
export function statementsCsv(statements: DsaStatement[]): string {
  const cell = (value: DsaStatement[keyof DsaStatement]) => (value === null ? '' : Array.isArray(value) ? JSON.stringify(value) : inert(value));
  return stringify([[...dsaStatementFields], ...statements.map((s) => dsaStatementFields.map((field) => cell(s[field])))]);
}
