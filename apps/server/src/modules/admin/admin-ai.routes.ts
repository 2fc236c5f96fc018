import {
  adminResponses,
  aiUsageQuerySchema,
  llmConnectionInputSchema,
  llmConnectionTestSchema,
  personaIdParamsSchema,
  personaInputSchema,
} from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAiUsage, getCompanionHealth } from '../companion/companion.service.js';
import { refreshCompanionProvider } from '../companion/companion.routes.js';
import { removeConnection, saveConnection, testConnection, viewConnection } from '../companion/llm-connection.service.js';
import { createPersona, deletePersona, getPersona, listPersonas, updatePersona } from '../companion/personas.service.js';
import { errorResponses } from '../../plugins/responses.js';
import { actorOf } from './admin-actor.js';
import { audited } from './admin-audit.js';

const tags = ['admin'];

/** The AI companion: personas (audited), the LLM connection (audited, key sealed), provider health on this instance, token usage and cost. */
export const adminAiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/personas', { schema: { tags, response: { 200: adminResponses.personas } } }, async () => ({
    status: 'OK' as const,
    payload: await listPersonas(app.db),
  }));

  app.post('/personas', { schema: { tags, body: personaInputSchema, response: { 200: adminResponses.persona } } }, async (request) => ({
    status: 'OK' as const,
    message: 'Saved',
    payload: await audited(actorOf(app, request), 'persona.create', 'persona', async (trx) => {
      const persona = await createPersona(trx, app.clock, request.body);
      return { subjectId: persona.id, before: null, after: persona, result: persona };
    }),
  }));

  app.put(
    '/personas/:id',
    { schema: { tags, params: personaIdParamsSchema, body: personaInputSchema, response: { 200: adminResponses.persona, ...errorResponses(404) } } },
    async (request) => ({
      status: 'OK' as const,
      message: 'Saved',
      payload: await audited(actorOf(app, request), 'persona.update', 'persona', async (trx) => {
        const before = await getPersona(trx, request.params.id);
        const persona = await updatePersona(trx, app.clock, request.params.id, request.body);
        return { subjectId: persona.id, before, after: persona, result: persona };
      }),
    }),
  );

  app.delete(
    '/personas/:id',
    { schema: { tags, params: personaIdParamsSchema, response: { 200: adminResponses.deleted, ...errorResponses(404) } } },
    async (request) => {
      await audited(actorOf(app, request), 'persona.delete', 'persona', async (trx) => {
        const before = await getPersona(trx, request.params.id);
        await deletePersona(trx, request.params.id);
        return { subjectId: request.params.id, before, after: null, result: null };
      });
      return { status: 'OK' as const, message: 'Deleted', payload: null };
    },
  );

  // The LLM endpoint: stored sealed, never returned (only 'key set …last 4'), in use on every instance without a restart.
  app.get('/ai/connection', { schema: { tags, response: { 200: adminResponses.llmConnection } } }, async () => ({
    status: 'OK' as const,
    payload: await viewConnection(app.db, app.config),
  }));

  const changed = async () => {
    await refreshCompanionProvider(app);
    await app.bus.invalidate({ kind: 'llm' });
    return viewConnection(app.db, app.config);
  };

  app.put('/ai/connection', { schema: { tags, body: llmConnectionInputSchema, response: { 200: adminResponses.llmConnection } } }, async (request) => {
    await audited(actorOf(app, request), 'llm.connect', 'llm_connection', async (trx) => {
      const before = await viewConnection(trx, app.config);
      await saveConnection(trx, app.clock, app.config.payoutEncryptionKey, request.body);
      return { subjectId: 1, before, after: await viewConnection(trx, app.config), result: null };
    });
    return { status: 'OK' as const, message: 'Saved', payload: await changed() };
  });

  app.delete('/ai/connection', { schema: { tags, response: { 200: adminResponses.llmConnection } } }, async (request) => {
    await audited(actorOf(app, request), 'llm.disconnect', 'llm_connection', async (trx) => {
      const before = await viewConnection(trx, app.config);
      await removeConnection(trx);
      return { subjectId: 1, before, after: null, result: null };
    });
    return { status: 'OK' as const, message: 'Deleted', payload: await changed() };
  });

  app.post('/ai/connection/test', { schema: { tags, body: llmConnectionTestSchema, response: { 200: adminResponses.llmTest } } }, async (request) => ({
    status: 'OK' as const,
    payload: await testConnection(app.db, app.config, request.body),
  }));

  app.get('/ai/health', { schema: { tags, response: { 200: adminResponses.aiHealth } } }, async () => ({
    status: 'OK' as const,
    payload: getCompanionHealth(app),
  }));

  app.get('/ai/usage', { schema: { tags, querystring: aiUsageQuerySchema, response: { 200: adminResponses.aiUsage } } }, async (request) => ({
    status: 'OK' as const,
    payload: await getAiUsage(app.db, app.clock, request.query.days),
  }));
};
