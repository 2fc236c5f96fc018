import { type Generated, type Selectable } from 'kysely';

export interface MailsTable {
  id: Generated<number>;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: string;
}
export type MailRow = Selectable<MailsTable>;
