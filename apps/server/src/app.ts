import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { type ZodTypeProvider } from 'fastify-type-provider-zod';
import { limits } from '@parley/contracts';
import { type Config } from './config.js';
import { serializeRequest } from './lib/log-serializers.js';
import { migrateToLatest, withDatabaseLock } from './db/connect.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { createHeartbeat, type Heartbeat } from './modules/admin/system.heartbeat.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { contributorsRoutes } from './modules/contributors/contributors.routes.js';
import { depositPayments } from './modules/deposits/deposit-payments.js';
import { depositsRoutes } from './modules/deposits/deposits.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import './modules/retention/retention.job.js';
import { JobWorker } from './modules/jobs/jobs.worker.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { metricsRoutes } from './modules/metrics/metrics.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { decisionsRoutes } from './modules/decisions/decisions.routes.js';
import { pushRoutes, pushUnsubscribeRoutes } from './modules/push/push.routes.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { createPaymentKinds, type PaymentKinds } from './modules/payments/payment-kinds.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { sandboxPageRoutes } from './modules/payments/sandbox-page.routes.js';
import { payoutsRoutes } from './modules/payouts/payouts.routes.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { roomsRoutes } from './modules/rooms/rooms.routes.js';
import { topicsRoutes } from './modules/topics/topics.routes.js';
import { oncallRoutes } from './modules/topics/oncall.routes.js';
import { savedRepliesRoutes } from './modules/saved-replies/saved-replies.routes.js';
import { blocksRoutes } from './modules/topics/blocks.routes.js';
import { ratingsRoutes } from './modules/ratings/ratings.routes.js';
import { tipsRoutes } from './modules/tips/tips.routes.js';
import { spendingLimitsRoutes } from './modules/ledger/spending-limits.routes.js';
import { companionRoutes } from './modules/companion/companion.routes.js';
import { crisisRoutes } from './modules/crisis/crisis.routes.js';
import { closeWebSockets } from './modules/realtime/realtime.hub.js';
import { realtimeRoutes } from './modules/realtime/realtime.routes.js';
import { getLanguageTexts, watchLocalizations } from './modules/reference/localization.service.js';
import { seedDatabase } from './modules/reference/seed.js';
import { orderPayments } from './modules/store/store-payments.js';
import { storeRoutes } from './modules/store/store.routes.js';
import { receiptsRoutes } from './modules/receipts/receipts.routes.js';
import { registerDocs } from './plugins/docs.js';
import { registerDrain } from './plugins/drain.js';
import { connectionsCheckingInterval, limitConnections } from './plugins/http-limits.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling, registerInputGuards, zodValidatorCompiler } from './plugins/errors.js';
import { announceCacheWrites } from './plugins/cache-writes.js';
import { createInfra, type Infra } from './plugins/infra.js';
import { registerLocalization } from './plugins/localize.js';
import { registerSecurity } from './plugins/security.js';
import { declareCommonErrors } from './plugins/responses.js';
import { compiledSerializerCompiler } from './plugins/serializer.js';
import { registerSessions } from './plugins/session.js';
import { registerWeb } from './plugins/web.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Top-ups and store orders: the kinds of payable of the one payment core (payments/payment-kinds.ts). */
    paymentKinds: PaymentKinds;
    /** Every registered route (tests enumerate it: bad-input fuzzing, the admin authorization matrix). */
    routeList: { method: string; url: string }[];
    /** The job worker of this instance (modules/jobs); `kick()` after enqueuing. */
    jobs: JobWorker;
    /** This instance's heartbeat into `instances` (the admin System page lists the live ones). */
    heartbeat: Heartbeat;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** Replace pieces of infrastructure (tests: a clock, a database on its own schema…). */
  infra?: Partial<Infra>;
  /** Run migrations (and the demo seed when config.seedDemo) before serving. Default true. */
  migrate?: boolean;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read what the server logged). */
  logStream?: { write(line: string): void };
  serveWeb?: boolean;
  /** Instrumentation added before the modules register, so it reaches every route (tests: the answered-status recorder). */
  instrument?: (app: FastifyInstance) => void;
}

/** The API, one module per feature. This list is the whole API surface. */
const apiModules: FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  referenceRoutes,
  storeRoutes,
  realtimeRoutes,
  contributorsRoutes,
  payoutsRoutes,
  roomsRoutes,
  topicsRoutes,
  oncallRoutes,
  savedRepliesRoutes,
  blocksRoutes,
  ratingsRoutes,
  tipsRoutes,
  messagesRoutes,
  reportsRoutes,
  paymentsRoutes,
  depositsRoutes,
  receiptsRoutes,
  companionRoutes,
  crisisRoutes,
  notificationsRoutes,
  decisionsRoutes,
  pushRoutes,
  pushUnsubscribeRoutes,
  spendingLimitsRoutes,
  accountRoutes,
  adminRoutes,
];

/** An incoming X-Request-Id worth keeping: at most 128 characters of [A-Za-z0-9._-]. */
function incomingRequestId(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9._-]{1,128}$/.test(value) ? value : undefined;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function trusting that many peers nearest to
 * us (Fastify 5.12 fails a plain number closed): the instance must then be reachable only through the proxy.
 */
function fastifyTrustProxy(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return trust === 0 ? false : (_address, hop) => hop < trust;
  return typeof trust === 'object' ? [...trust] : trust;
}

/** Builds the app without listening; tests use this directly. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-xsrf-token"]'],
            serializers: { req: serializeRequest },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // The caller's X-Request-Id when it is a sane token (a proxy's or client's correlation id), else ours.
    requestIdHeader: false,
    genReqId: (request) => incomingRequestId(request.headers['x-request-id']) ?? crypto.randomUUID(),
    // Slow and idle clients (issue 31 #9); Node checks the timeouts every connectionsCheckingInterval.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: { headersTimeout: config.http.headersTimeoutMs, connectionsCheckingInterval: connectionsCheckingInterval(config.http) },
    // Shutdown (plugins/drain.ts): requests arriving on open connections while closing are served (with
    // Connection: close), not answered by Fastify's own non-envelope 503; idle connections are closed.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // Errors raised before routing answer with the envelope too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  limitConnections(app.server, config.http);
  if (config.trustProxy === true)
    app.log.warn("TRUST_PROXY=true trusts the client's own X-Forwarded-For (refused in production): set the hop count or the proxies' addresses");
  if (config.generatedSecrets?.created)
    app.log.warn(
      { file: config.generatedSecrets.file },
      'Generated APP_SECRET and PAYOUT_ENCRYPTION_KEY (file mode 0600). Back up the payout key: stored payout details cannot be decrypted without it.',
    );
  const infra = announceCacheWrites(createInfra(config, app.log, options.infra), app.log);
  app.decorate('config', config);
  app.decorate('db', infra.db);
  app.decorate('clock', infra.clock);
  app.decorate('random', infra.random);
  app.decorate('mailer', infra.mailer);
  app.decorate('bus', infra.bus);
  app.decorate('redis', infra.redis);
  app.decorate('storage', infra.storage);
  app.decorate('gateway', infra.gateway);
  const paymentKinds = createPaymentKinds([depositPayments, orderPayments]);
  app.decorate('paymentKinds', paymentKinds);
  const jobs = new JobWorker({ ...infra, paymentKinds, log: app.log }, config.jobs);
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  const heartbeat = createHeartbeat({ db: infra.db, clock: infra.clock, log: app.log, version: config.build.version });
  app.decorate('heartbeat', heartbeat);
  app.addHook('onReady', () => heartbeat.start());

  if (options.migrate !== false && config.migrateOnStart) {
    // N instances starting together on one empty database take turns (db/connect.ts#withDatabaseLock).
    await withDatabaseLock(infra.db, config.database, async (db) => {
      await migrateToLatest(db);
      await seedDatabase(db, infra.clock, {
        demo: config.seedDemo,
        passwords: config.demoPasswords,
        appSecret: config.appSecret,
        announce: (line) => app.log.warn(line),
      });
    });
  }

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);
  registerErrorHandling(app);
  registerDrain(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerInputGuards(app);
  // Envelope messages in the request's language (issue 19): each language's texts are read once and dropped over the bus.
  watchLocalizations(infra.bus, infra.db);
  registerLocalization(app, (languageId) => getLanguageTexts(infra.db, languageId));

  // gzip for anything over 1 KB the client accepts it for (JS bundles, message pages); brotli on the fly costs too much CPU.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
  await app.register(cookie, { secret: config.appSecret });
  await registerSecurity(app, config, infra.redis);
  await app.register(websocket, { options: { maxPayload: 16 * 1024 }, preClose: closeWebSockets });
  await app.register(multipart, { limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: 20, parts: 30 } });
  registerSessions(app, infra);
  declareCommonErrors(app);
  if (config.apiDocs) await registerDocs(app);

  const routeList: { method: string; url: string }[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url });
  });
  options.instrument?.(app);
  for (const module of apiModules) await app.register(module, { prefix: '/api' });
  await app.register(metricsRoutes);
  await app.register(sandboxPageRoutes);
  if (!config.isProduction && !config.smtpUrl) await app.register(mailRoutes);
  if (options.serveWeb) await registerWeb(app, config.webDist);

  app.addHook('onClose', async () => {
    await heartbeat.stop();
    await jobs.stop();
    await infra.bus.close();
    await infra.mailer.close();
    infra.storage.close?.();
    infra.redis?.disconnect();
    await infra.db.destroy();
  });
  return app;
}
