import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { currentUser } from '../../plugins/session.js';
import { type AdminActor } from './admin-audit.js';

/** The acting admin for a request; the admin guard has already run. */
export const actorOf = (app: FastifyInstance, request: FastifyRequest): AdminActor => ({ db: app.db, clock: app.clock, actorId: currentUser(request).id });
