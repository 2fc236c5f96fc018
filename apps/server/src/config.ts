import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { buildInfo } from './lib/build-info.js';
import { loadOrCreateDevSecrets, loadOrCreateVapidKeys, testVapidKeys } from './lib/dev-secrets.js';

/**
 * The repository's `data/` folder and the built web app, whatever directory the process was
 * started from. From source this file sits in apps/server/src; in the release directory
 * (`npm run build` → release/) server.js sits beside web/, and data/ is the release's sibling
 * (the repository's data/ for a checkout; production sets DATA_DIR).
 */
const defaultDataDir = buildInfo.release ? resolve(import.meta.dirname, '../data') : resolve(import.meta.dirname, '../../../data');
const defaultWebDist = buildInfo.release ? resolve(import.meta.dirname, 'web') : resolve(import.meta.dirname, '../../web/dist');

/** The PostgreSQL pool's defaults (README's configuration table, decision 030). */
export const databaseDefaults = {
  poolMax: 10,
  connectTimeoutMs: 3000,
  statementTimeoutMs: 4000,
  queryTimeoutMs: 5000,
  idleInTransactionTimeoutMs: 10_000,
} as const;

/** How the PostgreSQL pool connects and how long it waits (db/connect.ts). */
export interface DatabasePoolSettings {
  readonly max: number;
  readonly applicationName?: string;
  readonly connectTimeoutMs: number;
  readonly statementTimeoutMs: number;
  readonly queryTimeoutMs: number;
  readonly idleInTransactionTimeoutMs: number;
}

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
  /** PostgreSQL connections per instance (pool size × instances must stay under the server's max_connections). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(databaseDefaults.poolMax),
  /** Shown in pg_stat_activity; default parley@<hostname>:<pid>. */
  DATABASE_APPLICATION_NAME: z.string().max(63).optional(),
  /** Waiting for a pooled connection or opening a new one. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(databaseDefaults.connectTimeoutMs),
  /** Server side: a statement running longer is cancelled (migrations and seeding run without it). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(databaseDefaults.statementTimeoutMs),
  /** Client side: no answer at all within this (a frozen or unreachable server) drops the connection. */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(databaseDefaults.queryTimeoutMs),
  /** Server side: a session idle inside an open transaction this long is ended (its locks released). */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(databaseDefaults.idleInTransactionTimeoutMs),
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
  /** Passkeys (issue 36): the WebAuthn relying party. Default: PUBLIC_URL's host name, and its origin. */
  PASSKEY_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]+$/, 'must be a host name such as example.com')
    .optional(),
  /** Comma-separated origins passkey ceremonies may come from (default: PUBLIC_URL's origin). */
  PASSKEY_ORIGINS: z.string().optional(),
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
  /**
   * Which peers may set X-Forwarded-For: `false`, a hop count (`1`: one proxy in front) or a comma list of
   * the proxies' addresses/CIDRs. `true` (trust every hop, so the client's own leftmost value) is refused
   * in production.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): boolean | number | string[] => {
      const v = value.trim();
      if (v === 'false') return false;
      if (v === 'true') return true;
      if (/^\d+$/.test(v)) return Number(v);
      const list = v.split(',').map((part) => part.trim());
      const bad = list.filter((entry) => !isProxyAddress(entry));
      if (bad.length) ctx.addIssue({ code: 'custom', message: `must be false, a hop count or a comma list of proxy addresses/CIDRs (not: ${bad.join(', ')})` });
      return list;
    }),
  /** Graceful stop (SIGTERM/SIGINT): readiness 503 while still serving for this long, so the balancer moves away. */
  SHUTDOWN_GRACE_S: z.coerce.number().min(0).max(300).default(5),
  /** After the grace: the most time in-flight requests get before the process exits anyway. */
  SHUTDOWN_TIMEOUT_S: z.coerce.number().min(1).max(600).default(20),
  /** Slow or idle HTTP clients (slowloris): headers, whole request, idle keep-alive. */
  HTTP_HEADERS_TIMEOUT_S: z.coerce.number().min(1).max(600).default(15),
  HTTP_REQUEST_TIMEOUT_S: z.coerce.number().min(1).max(3600).default(300),
  HTTP_KEEP_ALIVE_TIMEOUT_S: z.coerce.number().min(1).max(600).default(65),
  /** TCP connections per remote address of the socket (behind a proxy: the proxy's own address). */
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).default(256),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(10000),
  /** OpenAPI JSON and Swagger UI at /api/docs. Default: on outside production, off in production. */
  API_DOCS: z.enum(['true', 'false']).optional(),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_AUTH_WINDOW_S: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_GLOBAL_MAX: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_ACCOUNT_WINDOW_S: z.coerce.number().int().min(1).default(900),
  RATE_LIMIT_ACCOUNT_MAX_DELAY_S: z.coerce.number().int().min(1).default(900),
  WS_MAX_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).default(20),
  WS_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).default(200),
  /** Check every WebSocket frame the server sends against the contract schema (throws on a mismatch). Default: on in development only. */
  WS_VALIDATE_FRAMES: z.enum(['true', 'false']).optional(),
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
  /** Web Push (issue 34 §3). Default: on outside production; production needs WEB_PUSH=true and the VAPID keys. */
  WEB_PUSH: z.enum(['true', 'false']).optional(),
  /** The VAPID key pair (URL-safe base64, as `npx web-push generate-vapid-keys` prints). Outside production: generated and kept in DATA_DIR. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a URL-safe base64 P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a URL-safe base64 P-256 private key')
    .optional(),
  /** Who push services may contact about our pushes: a mailto: or https: URL. Default: PUBLIC_URL when https, else mailto: MAIL_FROM. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
    .optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Serve /metrics on this port only (its own listener); the public port then answers 404 for it. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Address of the metrics listener (default: HOST). */
  METRICS_HOST: z.string().optional(),
  /** The commit this build was made from (set by the release or the unit file); shown on the admin System page. */
  BUILD_COMMIT: z
    .string()
    .regex(/^[0-9A-Za-z._-]{1,64}$/, 'must be a commit hash or a tag')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PAYOUT_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters')
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

/** An IPv4/IPv6 address, optionally with a /prefix (what Fastify's trustProxy list accepts). */
function isProxyAddress(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (!family) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export interface Config {
  readonly env: Env['NODE_ENV'];
  readonly isProduction: boolean;
  readonly host: string;
  readonly port: number;
  readonly publicUrl: string;
  readonly dataDir: string;
  readonly database: { readonly kind: 'sqlite'; readonly file: string } | { readonly kind: 'postgres'; readonly url: string; readonly schema?: string };
  /** PostgreSQL pool size and timeouts (unused on SQLite). */
  readonly databasePool: DatabasePoolSettings;
  readonly redisUrl?: string;
  readonly sessionTtlMs: number;
  readonly appSecret: string;
  readonly requireEmailVerification: boolean;
  /** WebAuthn relying party (modules/auth/passkeys.service.ts): passkeys are bound to `rpId`. */
  readonly passkeys: { readonly rpId: string; readonly rpName: string; readonly origins: readonly string[] };
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
    readonly validateFrames?: boolean;
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
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses/CIDRs (`true` only outside production). */
  readonly trustProxy: boolean | number | readonly string[];
  /** Drain on SIGTERM/SIGINT (server.ts): readiness 503 for graceMs while serving, then at most timeoutMs to finish. */
  readonly shutdown: { readonly graceMs: number; readonly timeoutMs: number };
  /** Node HTTP server limits against slow and idle clients. */
  readonly http: {
    readonly headersTimeoutMs: number;
    readonly requestTimeoutMs: number;
    readonly keepAliveTimeoutMs: number;
    readonly maxConnections: number;
    readonly maxConnectionsPerIp: number;
  };
  /** OpenAPI JSON and Swagger UI at /api/docs. */
  readonly apiDocs: boolean;
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
  /** Web Push with VAPID; absent: push is off (the settings screen offers mail only). */
  readonly push?: { readonly publicKey: string; readonly privateKey: string; readonly subject: string };
  /** Where generated development secrets are kept, and whether this start created them (logged at start). */
  readonly generatedSecrets?: { readonly file: string; readonly created: boolean };
  readonly logLevel: Env['LOG_LEVEL'];
  readonly metricsToken?: string;
  /** Its own listener for /metrics (METRICS_PORT); unset: /metrics on the public port. */
  readonly metricsListener?: { readonly host: string; readonly port: number };
  /** What runs: the package version and, when the release says, its commit. */
  readonly build: { readonly version: string; readonly commit: string | null };
  readonly payoutEncryptionKey: string;
}

export class ConfigError extends Error {}

/** What production refuses to start with, all listed at once. */
function productionProblems(e: Env): string[] {
  const problems: string[] = [];
  // Without it production ran on an empty SQLite file (issue 30); a misspelt URL is refused by the schema.
  // A single instance on SQLite stays possible, but only named on purpose (SQLITE_FILE).
  if (!e.DATABASE_URL && !e.SQLITE_FILE)
    problems.push('  - DATABASE_URL: required in production, a postgres:// URL (or SQLITE_FILE for a single instance on SQLite, on purpose)');
  if (!e.PUBLIC_URL?.startsWith('https://'))
    problems.push('  - PUBLIC_URL: required in production, an https:// URL (links in mail, payment redirects, secure cookies)');
  if (!e.APP_SECRET) problems.push('  - APP_SECRET: required in production (at least 32 random characters)');
  // Payout details are encrypted with this key: it must be the operator's own, and backed up.
  if (!e.PAYOUT_ENCRYPTION_KEY) problems.push('  - PAYOUT_ENCRYPTION_KEY: required in production (64 hex characters)');
  if (e.REQUIRE_EMAIL_VERIFICATION === 'true' && !e.SMTP_URL)
    problems.push('  - SMTP_URL: required in production while REQUIRE_EMAIL_VERIFICATION=true (the dev mailbox never runs in production)');
  if (!e.PAYMENT_GATEWAY) problems.push('  - PAYMENT_GATEWAY: required in production (stripe; sandbox only with ALLOW_SANDBOX_PAYMENTS=true)');
  if (e.TRUST_PROXY === true)
    problems.push(
      "  - TRUST_PROXY=true: trusts the client's own X-Forwarded-For (spoofed addresses pass the rate limits); set the hop count (1 behind one proxy) or the proxies' addresses",
    );
  if (e.WEB_PUSH === 'true' && (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY))
    problems.push('  - VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: required in production while WEB_PUSH=true (npx web-push generate-vapid-keys)');
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

/**
 * Web Push keys: production uses the operator's (WEB_PUSH=true, checked above); elsewhere the given
 * ones, else a pair generated once and kept in DATA_DIR like the other generated secrets (tests: per process).
 */
function resolvePush(e: Env, isProduction: boolean): Config['push'] {
  const enabled = e.WEB_PUSH === undefined ? !isProduction : e.WEB_PUSH === 'true';
  if (!enabled) return undefined;
  const publicUrl = e.PUBLIC_URL ?? '';
  const mailFrom = /[^\s<>]+@[^\s<>]+/.exec(e.MAIL_FROM)?.[0] ?? 'push@parley.invalid';
  const subject = e.VAPID_SUBJECT ?? (publicUrl.startsWith('https://') ? publicUrl : `mailto:${mailFrom}`);
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject };
  const keys = e.NODE_ENV === 'test' ? testVapidKeys() : loadOrCreateVapidKeys(e.DATA_DIR);
  return { ...keys, subject };
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
  const realtime = {
    maxConnectionsPerUser: e.WS_MAX_CONNECTIONS_PER_USER,
    maxConnectionsPerIp: e.WS_MAX_CONNECTIONS_PER_IP,
    validateFrames: e.WS_VALIDATE_FRAMES === undefined ? e.NODE_ENV === 'development' : e.WS_VALIDATE_FRAMES === 'true',
  };
  const isProduction = e.NODE_ENV === 'production';
  const gateway = e.PAYMENT_GATEWAY ?? (isProduction ? undefined : 'sandbox');
  const problems = isProduction ? productionProblems(e) : [];
  if (gateway === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET))
    problems.push('  - STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: required when PAYMENT_GATEWAY=stripe');
  if (e.STORAGE === 's3' && (!e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY))
    problems.push('  - S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: required when STORAGE=s3');
  if (e.DATABASE_QUERY_TIMEOUT_MS < e.DATABASE_STATEMENT_TIMEOUT_MS)
    problems.push('  - DATABASE_QUERY_TIMEOUT_MS: must not be shorter than DATABASE_STATEMENT_TIMEOUT_MS (the server cancels first, the client gives up last)');
  problems.push(...passkeyProblems(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`, e.PASSKEY_RP_ID, e.PASSKEY_ORIGINS));
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
    databasePool: {
      max: e.DATABASE_POOL_MAX,
      applicationName: e.DATABASE_APPLICATION_NAME,
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      queryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    redisUrl: e.REDIS_URL,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    appSecret,
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION === 'true',
    passkeys: passkeyRelyingParty(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`, e.PASSKEY_RP_ID, e.PASSKEY_ORIGINS),
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
    trustProxy: e.TRUST_PROXY,
    shutdown: { graceMs: e.SHUTDOWN_GRACE_S * 1000, timeoutMs: e.SHUTDOWN_TIMEOUT_S * 1000 },
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_S * 1000,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_S * 1000,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_S * 1000,
      maxConnections: e.MAX_CONNECTIONS,
      maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    },
    apiDocs: e.API_DOCS === undefined ? !isProduction : e.API_DOCS === 'true',
    rateLimit: {
      authMax: e.RATE_LIMIT_AUTH_MAX,
      authWindowMs: e.RATE_LIMIT_AUTH_WINDOW_S * 1000,
      globalMax: e.RATE_LIMIT_GLOBAL_MAX,
      accountMax: e.RATE_LIMIT_ACCOUNT_MAX,
      accountWindowMs: e.RATE_LIMIT_ACCOUNT_WINDOW_S * 1000,
      accountMaxDelayMs: e.RATE_LIMIT_ACCOUNT_MAX_DELAY_S * 1000,
    },
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
    metricsListener: e.METRICS_PORT ? { host: e.METRICS_HOST ?? e.HOST, port: e.METRICS_PORT } : undefined,
    build: { version: buildInfo.version, commit: e.BUILD_COMMIT ?? (buildInfo.release ? buildInfo.commit : null) },
    payoutEncryptionKey: secrets.payoutEncryptionKey,
    push: resolvePush(e, isProduction),
    ...overrides,
    // Tests shorten some realtime timings; the rest (frame validation, connection caps) still comes from the environment.
    realtime: { ...realtime, ...overrides.realtime },
  };
  return Object.freeze(config);
}

/** The relying party of passkeys: PUBLIC_URL's host and origin unless configured (docs/OPERATIONS.md). */
function passkeyRelyingParty(publicUrl: string, rpId: string | undefined, origins: string | undefined): Config['passkeys'] {
  const url = new URL(publicUrl);
  const list = origins ? origins.split(',').flatMap((o) => (o.trim() ? [new URL(o.trim()).origin] : [])) : [url.origin];
  return { rpId: rpId ?? url.hostname, rpName: 'Parley', origins: list };
}

/** Browsers accept only an RP ID equal to each origin's host or a parent domain of it. */
function passkeyProblems(publicUrl: string, rpId: string | undefined, origins: string | undefined): string[] {
  let party: Config['passkeys'];
  try {
    party = passkeyRelyingParty(publicUrl, rpId, origins);
  } catch {
    return ['  - PASSKEY_ORIGINS: a comma-separated list of origins such as https://chat.example.com'];
  }
  const problems: string[] = [];
  for (const origin of party.origins) {
    const host = new URL(origin).hostname;
    if (host !== party.rpId && !host.endsWith(`.${party.rpId}`))
      problems.push(`  - PASSKEY_RP_ID: ${party.rpId} must be the host of ${origin} or a parent domain of it`);
  }
  return problems;
}
