import { type Generated, type Selectable } from 'kysely';

export type JobStatus = 'pending' | 'done' | 'dead';

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** JSON. */
  payload: string;
  status: JobStatus;
  /** Attempts started so far (a claim counts one). */
  attempts: Generated<number>;
  max_attempts: number;
  /** When it is due; while claimed, the end of the claim's lease. */
  run_at: string;
  dedupe_key: string | null;
  last_error: string | null;
  finished_at: string | null;
  /** When the running attempt was claimed; null between attempts (the System page counts running jobs by it). */
  claimed_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
}
export type JobRow = Selectable<JobsTable>;
