/**
 * Makes an admin: promotes an existing user, or creates a verified one and prints its generated password.
 *   npm run admin:create -- EMAIL
 * Uses the same configuration as the server (DATABASE_URL or the SQLite file) and runs migrations first.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { loadConfig } from '../config.js';
import { connectDatabase, migrateToLatest } from '../db/connect.js';
import { type Db } from '../db/database.js';
import { systemClock } from '../lib/clock.js';
import { hashPassword } from '../lib/password.js';
import { findUserByEmail, insertUser, setUserRole } from '../modules/users/users.repository.js';
import { recordAudit } from '../modules/audit/audit.service.js';

const usage = 'Usage: npm run admin:create -- EMAIL';

/** A password that passes the sign-up rules: lower, upper, digit, 20 characters. */
export function generatePassword(): string {
  const base = randomBytes(15).toString('base64url').replace(/[-_]/g, 'x');
  return `${base}Aa1`;
}

export async function createAdmin(db: Db, emailInput: string): Promise<{ email: string; created: boolean; password?: string }> {
  const email = z.string().trim().toLowerCase().email().max(254).parse(emailInput);
  const now = systemClock.now().toISOString();
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await db.transaction().execute(async (trx) => {
      await setUserRole(trx, existing.id, 'admin', now);
      await recordAudit(trx, systemClock, {
        actorId: null,
        action: 'user.promote_admin',
        subjectType: 'user',
        subjectId: existing.id,
        before: { role: existing.role },
        after: { role: 'admin', via: 'cli' },
      });
    });
    return { email, created: false };
  }
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const user = await insertUser(trx, {
      email,
      password_hash: passwordHash,
      name: 'Admin',
      role: 'admin',
      email_verified_at: now,
      adult_confirmed_at: now,
      created_at: now,
      updated_at: now,
    });
    await recordAudit(trx, systemClock, {
      actorId: null,
      action: 'user.create_admin',
      subjectType: 'user',
      subjectId: user.id,
      before: null,
      after: { email, role: 'admin', via: 'cli' },
    });
  });
  return { email, created: true, password };
}

async function main() {
  const email = process.argv[2];
  if (!email) {
    console.error(usage);
    process.exit(2);
  }
  const config = loadConfig();
  const db = connectDatabase(config.database);
  try {
    await migrateToLatest(db);
    const result = await createAdmin(db, email);
    if (result.created) console.log(`Created admin ${result.email}\nPassword: ${result.password}\nChange it after the first sign-in.`);
    else console.log(`Promoted ${result.email} to admin.`);
  } finally {
    await db.destroy();
  }
}

// Run only as a script, so tests can import createAdmin.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() ?? '')) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
