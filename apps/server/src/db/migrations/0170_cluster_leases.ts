import { type Kysely } from 'kysely';

/**
 * Short leases one instance of a cluster holds at a time (issue 30): the metrics leader that alone
 * exports the cluster-wide gauges (ledger totals, job queue), so summing them across instances is right.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cluster_leases')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(120)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cluster_leases').execute();
}
