import { z } from 'zod';

/**
 * The admin System page (issue 30): what runs (version, instances), what it depends on,
 * the durable job queue with its dead jobs, and when the last backup was taken.
 */
export const dependencyNames = ['database', 'redis', 'storage', 'smtp', 'llm', 'payments'] as const;
export type DependencyName = (typeof dependencyNames)[number];

/** `not_configured`: the embedded stand-in serves (in-process bus, dev mailbox, demo companion, sandbox). */
export const dependencyStateSchema = z.object({
  name: z.enum(dependencyNames),
  state: z.enum(['up', 'down', 'not_configured']),
  /** What serves it ('PostgreSQL', 'S3 bucket uploads', 'dev mailbox'…) and, when down, why. */
  detail: z.string(),
  /** When this instance last looked (probes are cached for a few seconds). */
  checked_at: z.string(),
});
export type DependencyState = z.infer<typeof dependencyStateSchema>;

export const systemInstanceSchema = z.object({
  id: z.string(),
  hostname: z.string(),
  pid: z.number().int(),
  version: z.string(),
  started_at: z.string(),
  last_seen: z.string(),
  /** The instance that answered this request. */
  is_current: z.boolean(),
});
export type SystemInstance = z.infer<typeof systemInstanceSchema>;

export const jobQueueStateSchema = z.object({
  /** Pending and due now, not claimed by a worker. */
  due: z.number().int(),
  /** Claimed by a worker whose lease has not run out. */
  running: z.number().int(),
  /** Pending, due later (backoff after a failure, or scheduled). */
  scheduled: z.number().int(),
  /** Failed for good: retry or discard them below. */
  dead: z.number().int(),
  /** How long the oldest due job has waited, in seconds (0: nothing due). */
  oldest_due_age_s: z.number(),
});
export type JobQueueState = z.infer<typeof jobQueueStateSchema>;

export const backupMarkSchema = z.object({
  at: z.string(),
  note: z.string().nullable(),
  /** Who recorded it: an admin's email, or 'cli' for `npm run backup:mark`. */
  recorded_by: z.string(),
});
export type BackupMark = z.infer<typeof backupMarkSchema>;

export const systemStatusSchema = z.object({
  version: z.string(),
  commit: z.string().nullable(),
  node: z.string(),
  environment: z.string(),
  database_kind: z.enum(['sqlite', 'postgres']),
  instances: z.array(systemInstanceSchema),
  dependencies: z.array(dependencyStateSchema),
  jobs: jobQueueStateSchema,
  last_backup: backupMarkSchema.nullable(),
  generated_at: z.string(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

export const deadJobSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
});
export type DeadJob = z.infer<typeof deadJobSchema>;

export const deadJobsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  kind: z.string().trim().max(64).optional(),
});
export type DeadJobsQuery = z.infer<typeof deadJobsQuerySchema>;

/** Records a backup: `at` defaults to now; a time in the future is refused. */
export const backupMarkBodySchema = z.object({
  at: z.iso
    .datetime({ offset: true, error: 'Use an ISO date-time like 2026-11-27T03:00:00Z' })
    .refine((at) => Date.parse(at) <= Date.now() + 5 * 60_000, 'A backup cannot be in the future')
    .optional(),
  note: z.string().trim().max(200).optional(),
});
export type BackupMarkBody = z.infer<typeof backupMarkBodySchema>;

/** GET /ready: what this instance depends on (503 in the error envelope when the database is down or migrations are pending). */
export const readinessSchema = z.object({
  database: z.enum(['up', 'down']),
  migrations: z.enum(['applied', 'pending', 'unknown']),
  redis: z.enum(['up', 'down']).optional(),
});
