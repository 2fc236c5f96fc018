import { type Generated, type Selectable } from 'kysely';

export interface MailsTable {
  id: Generated<number>;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** JSON of the extra headers (List-Unsubscribe…), as SMTP would have sent them. */
  headers: string | null;
  created_at: string;
}
export type MailRow = Selectable<MailsTable>;
