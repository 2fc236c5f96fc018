import { aiUsageQuerySchema, personaIdParamsSchema, personaInputSchema } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAiUsage, getCompanionHealth } from '../companion/companion.service.js';
import { createPersona, deletePersona, getPersona, listPersonas, updatePersona } from '../companion/personas.service.js';
import { actorOf } from './admin-actor.js';
import { audited } from './admin-audit.js';

const tags = ['admin'];

/** The AI companion: personas (audited), provider health on this instance, token usage and cost. */
export const adminAiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/personas', { schema: { tags } }, async () => ({ status: 'OK', payload: await listPersonas(app.db) }));

  app.post('/personas', { schema: { tags, body: personaInputSchema } }, async (request) => ({
    status: 'OK',
    message: 'Saved',
    payload: await audited(actorOf(app, request), 'persona.create', 'persona', async (trx) => {
      const persona = await createPersona(trx, app.clock, request.body);
      return { subjectId: persona.id, before: null, after: persona, result: persona };
    }),
  }));

  app.put('/personas/:id', { schema: { tags, params: personaIdParamsSchema, body: personaInputSchema } }, async (request) => ({
    status: 'OK',
    message: 'Saved',
    payload: await audited(actorOf(app, request), 'persona.update', 'persona', async (trx) => {
      const before = await getPersona(trx, request.params.id);
      const persona = await updatePersona(trx, app.clock, request.params.id, request.body);
      return { subjectId: persona.id, before, after: persona, result: persona };
    }),
  }));

  app.delete('/personas/:id', { schema: { tags, params: personaIdParamsSchema } }, async (request) => {
    await audited(actorOf(app, request), 'persona.delete', 'persona', async (trx) => {
      const before = await getPersona(trx, request.params.id);
      await deletePersona(trx, request.params.id);
      return { subjectId: request.params.id, before, after: null, result: null };
    });
    return { status: 'OK', message: 'Deleted', payload: null };
  });

  app.get('/ai/health', { schema: { tags } }, async () => ({ status: 'OK', payload: getCompanionHealth(app) }));

  app.get('/ai/usage', { schema: { tags, querystring: aiUsageQuerySchema } }, async (request) => ({
    status: 'OK',
    payload: await getAiUsage(app.db, app.clock, request.query.days),
  }));
};
