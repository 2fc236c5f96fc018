import { existsSync, statSync } from 'node:fs';
import { join, normalize, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type FastifyInstance } from 'fastify';
import { answerNotFound } from './errors.js';

/** Serves the built web app, with the SPA's index.html for every non-API path. */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const root = resolve(webDist);
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: only the API is served (run `npm run build`)');
    return;
  }
  // Files are looked up per request (a rebuild while running is served at once); `serve: false`
  // leaves routing to the one GET route below, since the API's 404 handler is set in plugins/errors.ts.
  await app.register(fastifyStatic, { root, serve: false });

  const fileFor = (url: string): string | null => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.split('?')[0] ?? '/');
    } catch {
      return null;
    }
    const file = resolve(root, normalize(`.${pathname}`));
    if (!file.startsWith(root + sep) || file.endsWith(`${sep}index.html`)) return null;
    try {
      return statSync(file).isFile() ? file.slice(root.length + 1) : null;
    } catch {
      return null;
    }
  };

  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return answerNotFound(app, request, reply);
    }
    const file = fileFor(request.url);
    if (file) {
      const immutable = file.startsWith(`assets${sep}`);
      // The service worker and the manifest are looked at on every start: an update reaches installs at once.
      const cacheControl = immutable
        ? 'public, max-age=31536000, immutable'
        : file === 'sw.js' || file === 'manifest.webmanifest'
          ? 'no-cache'
          : 'public, max-age=3600';
      if (file === 'manifest.webmanifest') reply.type('application/manifest+json');
      return reply.header('cache-control', cacheControl).sendFile(file, { cacheControl: false });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
}
