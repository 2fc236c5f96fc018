import { adminResponses, contentRuleBodySchema, heldDecisionBodySchema, idParamSchema, pageMeta } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Transaction } from 'kysely';
import { z } from 'zod';
import { type Database } from '../../db/database.js';
import { errorResponses } from '../../plugins/responses.js';
import { recordAudit } from '../audit/audit.service.js';
import { approveHeld, listHeldForReview, rejectHeld } from '../messages/held-messages.service.js';
import * as rules from '../moderation/content-rules.service.js';
import { actorOf } from './admin-actor.js';
import { audited } from './admin-audit.js';

const tags = ['admin'];
const heldQuerySchema = z.object({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') });

/** Content rules and the queue of messages they held (issue 15). Every change is audited and reaches every instance at once. */
export const adminContentRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  rules.watchContentRules(app.bus, app.db);
  const announce = () =>
    app.bus.invalidate({ kind: 'content-rules' }).catch((error: unknown) => app.log.error({ err: error }, 'content rules invalidation not sent'));

  // Few rows, no paging: the table's page meta says so.
  const all = <T>(items: T[]) => ({ items, meta: pageMeta(1, Math.max(1, items.length), items.length) });

  app.get('/content-rules', { schema: { tags, response: { 200: adminResponses.contentRules } } }, async () => ({
    status: 'OK' as const,
    payload: all(await rules.listContentRules(app.db)),
  }));

  app.post('/content-rules', { schema: { tags, body: contentRuleBodySchema, response: { 200: adminResponses.contentRule } } }, async (request) => {
    const actor = actorOf(app, request);
    const rule = await audited(actor, 'content_rule.create', 'content_rule', async (trx) => {
      const created = await rules.createContentRule(trx, request.body, actor.clock.now().toISOString());
      return { subjectId: created.id, before: null, after: created, result: created };
    });
    await announce();
    return { status: 'OK' as const, message: 'Rule added', payload: rule };
  });

  app.put(
    '/content-rules/:id',
    { schema: { tags, params: idParamSchema, body: contentRuleBodySchema, response: { 200: adminResponses.contentRule, ...errorResponses(404) } } },
    async (request) => {
      const actor = actorOf(app, request);
      const rule = await audited(actor, 'content_rule.update', 'content_rule', async (trx) => {
        const { before, after } = await rules.updateContentRule(trx, request.params.id, request.body, actor.clock.now().toISOString());
        return { subjectId: after.id, before, after, result: after };
      });
      await announce();
      return { status: 'OK' as const, message: 'Rule saved', payload: rule };
    },
  );

  app.delete(
    '/content-rules/:id',
    { schema: { tags, params: idParamSchema, response: { 200: adminResponses.deleted, ...errorResponses(404) } } },
    async (request) => {
      const actor = actorOf(app, request);
      await audited(actor, 'content_rule.delete', 'content_rule', async (trx) => {
        const before = await rules.deleteContentRule(trx, request.params.id);
        return { subjectId: before.id, before, after: null, result: null };
      });
      await announce();
      return { status: 'OK' as const, message: 'Rule deleted', payload: null };
    },
  );

  app.get('/held-messages', { schema: { tags, querystring: heldQuerySchema, response: { 200: adminResponses.heldMessages } } }, async (request) => ({
    status: 'OK' as const,
    payload: all(await listHeldForReview(app.db, request.query.status)),
  }));

  app.post(
    '/held-messages/:id/decide',
    { schema: { tags, params: idParamSchema, body: heldDecisionBodySchema, response: { 200: adminResponses.heldDecided, ...errorResponses(404, 409) } } },
    async (request) => {
      const actor = actorOf(app, request);
      const deps = { db: app.db, clock: app.clock, bus: app.bus };
      const { decision } = request.body;
      const audit = async (trx: Transaction<Database>) => {
        await recordAudit(trx, actor.clock, {
          actorId: actor.actorId,
          action: `held_message.${decision}`,
          subjectType: 'held_message',
          subjectId: request.params.id,
          before: { status: 'pending' },
          after: { status: decision === 'approve' ? 'approved' : 'rejected' },
        });
      };
      const result =
        decision === 'approve'
          ? await approveHeld(deps, actor.actorId, request.params.id, audit)
          : await rejectHeld(deps, actor.actorId, request.params.id, audit);
      return {
        status: 'OK' as const,
        message: decision === 'approve' ? 'Message approved and delivered' : 'Message rejected; the coins went back',
        payload: result,
      };
    },
  );
};
