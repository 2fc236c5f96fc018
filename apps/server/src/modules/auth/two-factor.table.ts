import { type Generated, type Selectable } from 'kysely';

/** Single-use recovery codes of two-factor sign-in, as SHA-256 hashes (migration 0110). */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}
export type RecoveryCodeRow = Selectable<RecoveryCodesTable>;
