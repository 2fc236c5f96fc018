import { texts } from '@parley/contracts';
import { type FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Whether the request comes from this machine (behind a trusted proxy: the client's address). */
export const isLoopbackRequest = (request: FastifyRequest) => LOOPBACK.test(request.ip);

/**
 * For surfaces that exist only to try Parley (the dev mailbox, the sandbox page's test helpers):
 * anyone else gets the same 404 as for a route that does not exist.
 */
export async function onlyFromLoopback(request: FastifyRequest) {
  if (!isLoopbackRequest(request)) throw new AppError('NOT_FOUND', texts.common.routeNotFound);
}
