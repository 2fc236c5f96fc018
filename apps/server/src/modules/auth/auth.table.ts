import { type Generated, type Selectable } from 'kysely';

export interface SessionsTable {
  /** sha256 of the token; the token itself is never stored. */
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  user_agent: string | null;
  ip: string | null;
}
export type SessionRow = Selectable<SessionsTable>;

export interface EmailTokensTable {
  id: Generated<number>;
  user_id: number;
  kind: 'verify' | 'reset';
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
