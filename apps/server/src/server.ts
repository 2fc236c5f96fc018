import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { drain } from './plugins/drain.js';

/**
 * Listens and stops gracefully on SIGTERM/SIGINT (plugins/drain.ts): readiness 503 while serving for
 * SHUTDOWN_GRACE_S, then stop accepting, finish in-flight requests, close WebSockets with 1012 and exit;
 * exit 1 if that takes over SHUTDOWN_TIMEOUT_S. A second signal exits at once.
 */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config, serveWeb: true });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal, graceMs: config.shutdown.graceMs, timeoutMs: config.shutdown.timeoutMs }, 'draining');
    drain(app, {
      ...config.shutdown,
      onTimeout: () => {
        app.log.error({ timeoutMs: config.shutdown.timeoutMs }, 'shutdown timed out: exiting with requests in flight');
        process.exit(1);
      },
    }).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
