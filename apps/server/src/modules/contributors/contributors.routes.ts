import { applicationStatusEnvelopeSchema, applicationSubmittedSchema, contributorApplicationBodySchema, texts } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireVerified } from '../../plugins/session.js';
import { checkApplicationField } from '../moderation/content-rules.service.js';
import { assertAdult } from '../users/adult.js';
import * as contributors from './contributors.service.js';

import { errorResponses } from '../../plugins/responses.js';
export const contributorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/become-contributor',
    {
      schema: { tags: ['contributors'], body: contributorApplicationBodySchema, response: { 200: applicationSubmittedSchema, ...errorResponses(409) } },
      preValidation: requireVerified,
    },
    async (request) => {
      // Interlocutors are adults (issue 15).
      assertAdult(currentUser(request));
      // The content rules apply to what the admin will read (issue 15); held words are let through, admins read every application.
      const body = { ...request.body };
      for (const field of ['nickname', 'experience', 'interests', 'help_description'] as const)
        body[field] = await checkApplicationField(app.db, field, body[field]);
      const application = await contributors.submitApplication(app.db, app.clock, currentUser(request).id, body);
      return { status: 'OK' as const, message: texts.contributor.submitted, payload: { application }, application };
    },
  );

  // No application is an answer, not an error: has_application false with a 200, so normal use logs no
  // failed request (issue #13). Clients still read a 404 as "none" (spec §4), which older servers sent.
  app.get(
    '/become-contributor/status',
    { schema: { tags: ['contributors'], response: { 200: applicationStatusEnvelopeSchema } }, preValidation: requireVerified },
    async (request) => {
      const application = (await contributors.getLatestApplication(app.db, currentUser(request).id)) ?? null;
      const hasApplication = application !== null;
      return { status: 'OK' as const, payload: { has_application: hasApplication, application }, has_application: hasApplication, application };
    },
  );
};
