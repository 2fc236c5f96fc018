import { contributorApplicationBodySchema, texts } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { currentUser, requireVerified } from '../../plugins/session.js';
import * as contributors from './contributors.service.js';

export const contributorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/become-contributor',
    { schema: { tags: ['contributors'], body: contributorApplicationBodySchema }, preValidation: requireVerified },
    async (request) => {
      const application = await contributors.submitApplication(app.db, app.clock, currentUser(request).id, request.body);
      return { status: 'OK', message: texts.contributor.submitted, payload: { application }, application };
    },
  );

  // A 404 means "no application" (spec §4 Interlocutor application).
  app.get('/become-contributor/status', { schema: { tags: ['contributors'] }, preValidation: requireVerified }, async (request) => {
    const application = await contributors.getLatestApplication(app.db, currentUser(request).id);
    if (!application) throw new AppError('NOT_FOUND', texts.contributor.noApplication);
    return { status: 'OK', payload: { has_application: true, application }, has_application: true, application };
  });
};
