import { resolve } from 'node:path';
import { z } from 'zod';
import { loadOrCreateDevSecrets } from './lib/dev-secrets.js';

/**
 * The repository's `data/` folder and the built web app, whatever directory the process was
 * started from. Resolved here, one level under apps/server, so the compiled bundle
 * (apps/server/dist/server.js, same depth) finds the same folders.
 */
const defaultDataDir = resolve(import.meta.dirname, '../../../data');
const defaultWebDist = resolve(import.meta.dirname, '../../web/dist');

/**
 * The only place that reads process.env. A bad value stops start-up with every
 * problem listed. Embedded defaults need no configuration at all.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(defaultDataDir),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  SQLITE_FILE: z.string().optional(),
  /** PostgreSQL schema to use (default: the connection's search_path, usually public). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier')
    .optional(),
  /** Migrate and seed at start. Default: on outside production; production runs `npm run migrate` and `npm run seed`. */
  MIGRATE_ON_START: z.enum(['true', 'false']).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 14),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  REQUIRE_EMAIL_VERIFICATION: z.enum(['true', 'false']).default('true'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Parley <no-reply@parley.local>'),
  PAYMENT_GATEWAY: z.enum(['sandbox', 'stripe']).optional(),
  /** Production only: run the sandbox gateway (test cards, no real money) on purpose, e.g. a staging deployment. */
  ALLOW_SANDBOX_PAYMENTS: z.enum(['true', 'false']).default('false'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  SANDBOX_WEBHOOK_SECRET: z.string().optional(),
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  LLM_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(30),
  LLM_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  COUNTRY_HEADER: z.string().default('cf-ipcountry'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_AUTH_WINDOW_S: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_GLOBAL_MAX: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_ACCOUNT_WINDOW_S: z.coerce.number().int().min(1).default(900),
  RATE_LIMIT_ACCOUNT_MAX_DELAY_S: z.coerce.number().int().min(1).default(900),
  WS_MAX_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).default(20),
  WS_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).default(200),
  WEB_DIST: z.string().optional(),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Default: on outside production, off in production (where it needs an explicit true). */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** Bearer token for GET /metrics (Prometheus); without it the route answers 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PAYOUT_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters')
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  readonly env: Env['NODE_ENV'];
  readonly isProduction: boolean;
  readonly host: string;
  readonly port: number;
  readonly publicUrl: string;
  readonly dataDir: string;
  readonly database: { readonly kind: 'sqlite'; readonly file: string } | { readonly kind: 'postgres'; readonly url: string; readonly schema?: string };
  readonly redisUrl?: string;
  readonly sessionTtlMs: number;
  readonly appSecret: string;
  readonly requireEmailVerification: boolean;
  readonly smtpUrl?: string;
  readonly mailFrom: string;
  readonly payment: {
    readonly gateway: 'sandbox' | 'stripe';
    readonly stripeSecretKey?: string;
    readonly stripeWebhookSecret?: string;
    readonly stripeApiBase?: string;
    readonly sandboxWebhookSecret: string;
  };
  readonly llm?: {
    readonly baseUrl: string;
    readonly apiKey?: string;
    readonly model: string;
    readonly timeoutMs?: number;
    readonly retries?: number;
    readonly backoffMs?: number;
  };
  /** Tuning of the WebSocket hub (defaults in modules/realtime); tests shorten them. */
  readonly realtime?: {
    readonly heartbeatMs?: number;
    readonly maxBufferedBytes?: number;
    readonly inboundPerSecond?: number;
    readonly inboundBurst?: number;
    readonly typingThrottleMs?: number;
    readonly sessionCheckMs?: number;
    readonly maxConnectionsPerUser?: number;
    readonly maxConnectionsPerIp?: number;
  };
  /** Tuning of the job worker (defaults in modules/jobs); tests shorten them. */
  readonly jobs?: {
    readonly pollMs?: number;
    readonly leaseMs?: number;
    readonly batch?: number;
    readonly maxInFlight?: number;
    readonly shutdownGraceMs?: number;
  };
  readonly countryHeader: string;
  readonly trustProxy: boolean;
  readonly rateLimit: {
    readonly authMax: number;
    readonly authWindowMs: number;
    readonly globalMax: number;
    /** Failed sign-ins per account and kind of device before further attempts wait (decision 028). */
    readonly accountMax: number;
    /** Failures are forgotten this long after the last one; one owner notice per such burst. */
    readonly accountWindowMs: number;
    /** The longest wait between attempts (they double from 2 s). */
    readonly accountMaxDelayMs: number;
  };
  readonly webDist: string;
  /** Attachments: local disk under DATA_DIR (embedded default) or an S3-compatible bucket. */
  readonly storage:
    | { readonly kind: 'local' }
    | {
        readonly kind: 's3';
        readonly endpoint?: string;
        readonly bucket: string;
        readonly region: string;
        readonly accessKeyId: string;
        readonly secretAccessKey: string;
      };
  readonly seedDemo: boolean;
  /** Migrate and seed when the app starts (the embedded default); production runs the commands instead. */
  readonly migrateOnStart: boolean;
  /** The demo accounts' passwords: the README's for trying Parley, random (printed once) in production. */
  readonly demoPasswords: 'readme' | 'random';
  /** Payments take test cards only (the sandbox gateway): the payment page and the admin dashboard say so. */
  readonly testPayments: boolean;
  /** Where generated development secrets are kept, and whether this start created them (logged at start). */
  readonly generatedSecrets?: { readonly file: string; readonly created: boolean };
  readonly logLevel: Env['LOG_LEVEL'];
  readonly metricsToken?: string;
  readonly payoutEncryptionKey: string;
}

export class ConfigError extends Error {}

/** What production refuses to start with, all listed at once. */
function productionProblems(e: Env): string[] {
  const problems: string[] = [];
  if (!e.PUBLIC_URL?.startsWith('https://'))
    problems.push('  - PUBLIC_URL: required in production, an https:// URL (links in mail, payment redirects, secure cookies)');
  if (!e.APP_SECRET) problems.push('  - APP_SECRET: required in production (at least 32 random characters)');
  // Payout details are encrypted with this key: it must be the operator's own, and backed up.
  if (!e.PAYOUT_ENCRYPTION_KEY) problems.push('  - PAYOUT_ENCRYPTION_KEY: required in production (64 hex characters)');
  if (e.REQUIRE_EMAIL_VERIFICATION === 'true' && !e.SMTP_URL)
    problems.push('  - SMTP_URL: required in production while REQUIRE_EMAIL_VERIFICATION=true (the dev mailbox never runs in production)');
  if (!e.PAYMENT_GATEWAY) problems.push('  - PAYMENT_GATEWAY: required in production (stripe; sandbox only with ALLOW_SANDBOX_PAYMENTS=true)');
  if (e.PAYMENT_GATEWAY === 'sandbox' && e.ALLOW_SANDBOX_PAYMENTS !== 'true')
    problems.push('  - PAYMENT_GATEWAY=sandbox: test cards would credit real coins; set ALLOW_SANDBOX_PAYMENTS=true for a test deployment');
  return problems;
}

/**
 * Production: the operator's secrets (checked above). Tests: fixed test-only values. Development:
 * the given ones, else random ones generated once and kept in DATA_DIR (lib/dev-secrets.ts).
 */
function resolveSecrets(e: Env): { appSecret: string; payoutEncryptionKey: string; generated?: { file: string; created: boolean } } {
  if (e.APP_SECRET && e.PAYOUT_ENCRYPTION_KEY) return { appSecret: e.APP_SECRET, payoutEncryptionKey: e.PAYOUT_ENCRYPTION_KEY };
  if (e.NODE_ENV === 'test')
    return { appSecret: e.APP_SECRET ?? 'parley-test-only-secret-0000000000000000', payoutEncryptionKey: e.PAYOUT_ENCRYPTION_KEY ?? '0'.repeat(64) };
  const stored = loadOrCreateDevSecrets(e.DATA_DIR);
  return {
    appSecret: e.APP_SECRET ?? stored.appSecret,
    payoutEncryptionKey: e.PAYOUT_ENCRYPTION_KEY ?? stored.payoutEncryptionKey,
    generated: { file: stored.file, created: stored.created },
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // An empty variable means unset (a common way to switch a setting off in a shell or compose file).
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const gateway = e.PAYMENT_GATEWAY ?? (isProduction ? undefined : 'sandbox');
  const problems = isProduction ? productionProblems(e) : [];
  if (gateway === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET))
    problems.push('  - STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: required when PAYMENT_GATEWAY=stripe');
  if (e.STORAGE === 's3' && (!e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY))
    problems.push('  - S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: required when STORAGE=s3');
  if (problems.length || !gateway) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);

  const secrets = resolveSecrets(e);
  const appSecret = secrets.appSecret;
  const config: Config = {
    env: e.NODE_ENV,
    isProduction,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    dataDir: e.DATA_DIR,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, schema: e.DATABASE_SCHEMA }
      : { kind: 'sqlite', file: e.SQLITE_FILE ?? `${e.DATA_DIR}/parley.db` },
    redisUrl: e.REDIS_URL,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    appSecret,
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION === 'true',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    payment: {
      gateway,
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripeApiBase: e.STRIPE_API_BASE,
      sandboxWebhookSecret: e.SANDBOX_WEBHOOK_SECRET ?? `${appSecret}-sandbox-webhook`,
    },
    llm: e.LLM_BASE_URL
      ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL, timeoutMs: e.LLM_TIMEOUT_S * 1000, retries: e.LLM_RETRIES }
      : undefined,
    countryHeader: e.COUNTRY_HEADER.toLowerCase(),
    trustProxy: e.TRUST_PROXY === 'true',
    rateLimit: {
      authMax: e.RATE_LIMIT_AUTH_MAX,
      authWindowMs: e.RATE_LIMIT_AUTH_WINDOW_S * 1000,
      globalMax: e.RATE_LIMIT_GLOBAL_MAX,
      accountMax: e.RATE_LIMIT_ACCOUNT_MAX,
      accountWindowMs: e.RATE_LIMIT_ACCOUNT_WINDOW_S * 1000,
      accountMaxDelayMs: e.RATE_LIMIT_ACCOUNT_MAX_DELAY_S * 1000,
    },
    realtime: { maxConnectionsPerUser: e.WS_MAX_CONNECTIONS_PER_USER, maxConnectionsPerIp: e.WS_MAX_CONNECTIONS_PER_IP },
    webDist: e.WEB_DIST ?? defaultWebDist,
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          }
        : { kind: 'local' },
    seedDemo: e.SEED_DEMO === undefined ? !isProduction : e.SEED_DEMO === 'true',
    demoPasswords: isProduction ? 'random' : 'readme',
    migrateOnStart: e.MIGRATE_ON_START === undefined ? !isProduction : e.MIGRATE_ON_START === 'true',
    testPayments: gateway === 'sandbox',
    generatedSecrets: secrets.generated,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    payoutEncryptionKey: secrets.payoutEncryptionKey,
    ...overrides,
  };
  return Object.freeze(config);
}
