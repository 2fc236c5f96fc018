import { type Generated, type Selectable } from 'kysely';

export interface DecisionStatementsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  subject_type: string;
  subject_id: string;
  facts: string | null;
  ground_detail: string | null;
  automated: number;
  /** The admin who decided; null when the decision was automated. */
  decided_by: number | null;
  /** Coins the decision took (earnings reversed): what an upheld complaint credits back. */
  coins: number;
  content_type: string;
  dedupe_key: string;
  /** sha256 of the secret in the statement's link (a banned person contests without signing in). */
  contest_token_hash: string;
  created_at: string;
  contest_until: string;
}
export type DecisionStatementRow = Selectable<DecisionStatementsTable>;

export interface ComplaintsTable {
  id: Generated<number>;
  statement_id: number;
  user_id: number;
  text: string;
  file_key: string | null;
  file_name: string | null;
  file_mime: string | null;
  status: Generated<string>;
  created_at: string;
  due_at: string;
  decided_by: number | null;
  decided_at: string | null;
  reasons: string | null;
}
export type ComplaintRow = Selectable<ComplaintsTable>;
