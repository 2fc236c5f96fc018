import {
  envelopeSchema,
  messageEnvelopeSchema,
  recoveryCodesSchema,
  texts,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  twoFactorCodeBodySchema,
  twoFactorDisableBodySchema,
  twoFactorSetupBodySchema,
  regenerateRecoveryCodesBodySchema,
} from '@parley/contracts';
import { type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { errorResponses } from '../../plugins/responses.js';
import { currentUser, requireAuth } from '../../plugins/session.js';
import * as repo from './auth.repository.js';
import { announceEndedSessions } from './auth.service.js';
import * as passkeys from './passkeys.service.js';
import * as twoFactor from './two-factor.service.js';

/** Two-factor sign-in in account settings (issue 15): status, setup, enable, disable, new recovery codes. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock, appSecret: app.config.appSecret };
  const passkeyDeps = { db: app.db, clock: app.clock, config: app.config };
  // Each step checks a password or a code: the sign-in limits apply, per IP.
  const limited = { rateLimit: { max: app.config.rateLimit.authMax, timeWindow: app.config.rateLimit.authWindowMs } };
  // …and per account: a stolen session spreading guesses over many addresses still gets few (issue 31).
  const accountLimit = app.createRateLimit({
    max: app.config.rateLimit.authMax,
    timeWindow: app.config.rateLimit.authWindowMs,
    keyGenerator: (request) => `two-factor-account:${currentUser(request).id}`,
  });
  const limitPerAccount = async (request: FastifyRequest) => {
    const limit = await accountLimit(request);
    if (!limit.isAllowed && limit.isExceeded) throw new AppError('RATE_LIMITED', texts.common.rateLimited);
  };
  const checked = [requireAuth, limitPerAccount];
  const tags = ['profile'];

  app.get('/user/two-factor', { schema: { tags, response: { 200: envelopeSchema(twoFactorStatusSchema) } }, preHandler: requireAuth }, async (request) => ({
    status: 'OK' as const,
    payload: await twoFactor.getStatus(app.db, currentUser(request)),
  }));

  app.post(
    '/user/two-factor/setup',
    {
      schema: { tags, body: twoFactorSetupBodySchema, response: { 200: envelopeSchema(twoFactorSetupSchema), ...errorResponses(409) } },
      preHandler: checked,
      config: limited,
    },
    async (request) => ({
      status: 'OK' as const,
      payload: await twoFactor.startSetup(deps, currentUser(request), request.body.password),
    }),
  );

  app.post(
    '/user/two-factor/enable',
    {
      schema: { tags, body: twoFactorCodeBodySchema, response: { 200: envelopeSchema(recoveryCodesSchema), ...errorResponses(409) } },
      preHandler: checked,
      config: limited,
    },
    async (request) => {
      const codes = await twoFactor.enable(deps, currentUser(request), request.body.code);
      // Sessions signed in with the password alone end; this one goes on.
      const userId = currentUser(request).id;
      await announceEndedSessions(app.bus, userId, await repo.deleteUserSessions(app.db, userId, request.auth!.sessionId));
      return { status: 'OK' as const, message: texts.twoFactor.enabled, payload: recoveryCodesSchema.parse({ recovery_codes: codes }) };
    },
  );

  app.post(
    '/user/two-factor/disable',
    {
      schema: { tags, body: twoFactorDisableBodySchema, response: { 200: messageEnvelopeSchema, ...errorResponses(409) } },
      preHandler: checked,
      config: limited,
    },
    async (request) => {
      await twoFactor.disable(deps, currentUser(request), request.body.password, request.body.code);
      return { status: 'OK' as const, message: texts.twoFactor.disabled, payload: null };
    },
  );

  app.post(
    '/user/two-factor/recovery-codes',
    {
      schema: {
        tags,
        body: regenerateRecoveryCodesBodySchema,
        description:
          'A code (authenticator app or recovery code), or `passkey`: an attempt from POST /passkey/sign-in/options signed by one of the account’s passkeys.',
        response: { 200: envelopeSchema(recoveryCodesSchema), ...errorResponses(409) },
      },
      preHandler: checked,
      config: limited,
    },
    async (request) => {
      const user = currentUser(request);
      // A passkey is a second factor too (issue 36): an account without an authenticator app proves itself with one.
      if (request.body.passkey) await passkeys.confirmWithPasskey(passkeyDeps, user, request.body.passkey);
      const codes = await twoFactor.regenerateRecoveryCodes(deps, user, { code: request.body.code, passkeyConfirmed: request.body.passkey !== undefined });
      return { status: 'OK' as const, message: texts.twoFactor.regenerated, payload: { recovery_codes: codes } };
    },
  );
};
