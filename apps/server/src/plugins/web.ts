import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type FastifyInstance } from 'fastify';

/** Serves the built web app, with the SPA's index.html for every non-API path. */
export async function registerWeb(app: FastifyInstance, webDist: string | undefined) {
  const root = resolve(webDist ?? join(import.meta.dirname, '../../../web/dist'));
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: only the API is served (run `npm run build`)');
    return;
  }
  await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h', immutable: false });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send({ status: 'ERROR', payload: null, message: 'The requested resource was not found.', errors: {} });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
