import { ConfigError, loadConfig } from '../config.js';
import { connectDatabase, migrateToLatest, withDatabaseLock } from '../db/connect.js';
import { systemClock } from '../lib/clock.js';
import { seedDatabase } from '../modules/reference/seed.js';

/**
 * `npm run migrate` and `npm run seed`: their own commands, safe to run repeatedly and from
 * several processes at once (each takes the database's maintenance lock in turn). Seeding
 * migrates first, so a fresh database needs only `npm run seed`.
 */
async function main(command: string | undefined) {
  if (command !== 'migrate' && command !== 'seed') {
    console.error('usage: maintenance.ts migrate|seed');
    process.exit(2);
  }
  const config = loadConfig();
  const db = connectDatabase(config.database);
  try {
    await withDatabaseLock(db, config.database, async (locked) => {
      await migrateToLatest(locked);
      if (command === 'seed')
        await seedDatabase(locked, systemClock, {
          demo: config.seedDemo,
          passwords: config.demoPasswords,
          appSecret: config.appSecret,
          announce: (line) => console.log(line),
        });
    });
    console.log(command === 'seed' ? `Migrated and seeded (demo data: ${config.seedDemo ? 'yes' : 'no'}).` : 'Migrated to the latest version.');
  } finally {
    await db.destroy();
  }
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
