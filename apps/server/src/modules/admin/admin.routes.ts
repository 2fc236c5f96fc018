import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../plugins/session.js';
import { adminAiRoutes } from './admin-ai.routes.js';
import { adminCatalogRoutes } from './admin-catalog.routes.js';
import { adminComplaintsRoutes } from './admin-complaints.routes.js';
import { adminContentRulesRoutes } from './admin-content-rules.routes.js';
import { adminCrisisRoutes } from './admin-crisis.routes.js';
import { adminContentRoutes } from './admin-content.routes.js';
import { adminContentTranslationRoutes } from './admin-content-translations.js';
import { adminModerationRoutes } from './admin-moderation.routes.js';
import { adminMoneyRoutes } from './admin-money.routes.js';
import { adminOverviewRoutes } from './admin-overview.routes.js';
import { adminSystemRoutes } from './admin-system.routes.js';
import { adminUsersRoutes } from './admin-users.routes.js';

/**
 * The admin console API, all under /api/admin. The role is re-checked on every
 * call, in onRequest: before body validation, so a non-admin learns nothing.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', requireAdmin);
      for (const routes of [
        adminOverviewRoutes,
        adminUsersRoutes,
        adminCatalogRoutes,
        adminContentRoutes,
        adminModerationRoutes,
        adminMoneyRoutes,
        adminAiRoutes,
        adminContentRulesRoutes,
        adminCrisisRoutes,
        adminSystemRoutes,
        adminContentTranslationRoutes,
        adminComplaintsRoutes,
      ])
        await admin.register(routes);
    },
    { prefix: '/admin' },
  );
};
