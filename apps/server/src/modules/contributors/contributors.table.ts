import { type Generated, type Selectable } from 'kysely';
import { type ApplicationStatus } from '@parley/contracts';

export interface ContributorApplicationsTable {
  id: Generated<number>;
  user_id: number;
  status: ApplicationStatus;
  nickname: string;
  email: string;
  experience: string;
  interests: string;
  help_description: string;
  decided_at: string | null;
  /** The admin who decided; null when decided from the CLI. */
  decided_by: number | null;
  created_at: string;
  updated_at: string;
}
export type ContributorApplicationRow = Selectable<ContributorApplicationsTable>;
