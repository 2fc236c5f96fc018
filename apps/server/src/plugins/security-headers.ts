import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { type Config } from '../config.js';

/** The app's own WebSocket origin (wss:// for an https:// PUBLIC_URL): 'self' covers it in current browsers, older Safari needs it named. */
export function ownSocketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

export function helmetOptions(config: Config): Readonly<HelmetOptions> {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // Our own origin only (issue 31 #12: ws:/wss: allowed a script to talk to any host).
        connectSrc: ["'self'", ownSocketOrigin(config.publicUrl)],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.isProduction,
  };
}

/** The headers helmet would write, computed by running it once: none of ours depends on the request. */
export function computeSecurityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet(options)({ method: 'GET', url: '/', headers: {} } as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Security headers (helmet's, with our CSP) on every response. Built once at startup: helmet's own
 * plugin rebuilds the CSP string on every request. Routes may still override one (attachments' CSP).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const headers = computeSecurityHeaders(helmetOptions(config));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
