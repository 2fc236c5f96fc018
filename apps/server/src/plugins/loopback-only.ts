import { texts } from '@parley/contracts';
import { type FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Whether the request comes from this machine: the socket's own peer is loopback, and so is every
 * address in X-Forwarded-For (a client can write `127.0.0.1, …` there itself; whatever TRUST_PROXY
 * says, one non-loopback hop anywhere in the chain means someone else).
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  if (!LOOPBACK.test(request.socket?.remoteAddress ?? '') || !LOOPBACK.test(request.ip)) return false;
  const forwarded = request.headers['x-forwarded-for'];
  if (forwarded === undefined) return true;
  return [forwarded]
    .flat()
    .flatMap((value) => value.split(','))
    .every((hop) => LOOPBACK.test(hop.trim()));
}

/**
 * For surfaces that exist only to try Parley (the dev mailbox, the sandbox page's test helpers):
 * anyone else gets the same 404 as for a route that does not exist.
 */
export async function onlyFromLoopback(request: FastifyRequest) {
  if (!isLoopbackRequest(request)) throw new AppError('NOT_FOUND', texts.common.routeNotFound);
}
