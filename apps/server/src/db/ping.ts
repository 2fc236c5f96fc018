import { sql } from 'kysely';
import { type Db } from './database.js';

/** The cheapest round trip to the database: readiness and the System page's probe. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
