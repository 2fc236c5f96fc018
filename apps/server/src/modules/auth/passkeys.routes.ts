import {
  idParamSchema,
  loginResponseSchema,
  type LoginResponse,
  messageEnvelopeSchema,
  passkeyAddedResponseSchema,
  passkeyListResponseSchema,
  passkeyRegistrationOptionsResponseSchema,
  passkeyRenamedResponseSchema,
  passkeySignInOptionsResponseSchema,
  passkeyRegisterBodySchema,
  passkeyRegistrationOptionsBodySchema,
  passkeyRemoveBodySchema,
  passkeyRenameBodySchema,
  passkeySignInBodySchema,
  passkeyLimits,
  texts,
} from '@parley/contracts';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { errorResponses } from '../../plugins/responses.js';
import { currentUser, requireAuth } from '../../plugins/session.js';
import { type UserRow } from '../users/users.table.js';
import * as repo from './auth.repository.js';
import { announceEndedSessions } from './auth.service.js';
import * as passkeys from './passkeys.service.js';

/** What signing in does once the account is known (auth.routes: session, cookie, profile). */
export type CompleteSignIn = (request: FastifyRequest, reply: FastifyReply, user: UserRow) => Promise<LoginResponse>;

/**
 * Passkeys (issue 36 §3): add, name, remove in Account → Security; sign in with a passkey alone.
 * Every step is limited like sign-in per address; the account settings also per account.
 */
export const passkeyRoutes =
  (completeSignIn: CompleteSignIn): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: app.db, clock: app.clock, config: app.config };
    const limited = { rateLimit: { max: app.config.rateLimit.authMax, timeWindow: app.config.rateLimit.authWindowMs } };
    const accountLimit = app.createRateLimit({
      max: app.config.rateLimit.authMax,
      timeWindow: app.config.rateLimit.authWindowMs,
      keyGenerator: (request) => `passkey-account:${currentUser(request).id}`,
    });
    const limitPerAccount = async (request: FastifyRequest) => {
      const limit = await accountLimit(request);
      if (!limit.isAllowed && limit.isExceeded) throw new AppError('RATE_LIMITED', texts.common.rateLimited);
    };
    const checked = [requireAuth, limitPerAccount];
    const tags = ['profile'];

    app.get('/user/passkeys', { schema: { tags, response: { 200: passkeyListResponseSchema } }, preHandler: requireAuth }, async (request) => ({
      status: 'OK' as const,
      payload: { passkeys: await passkeys.listPasskeys(app.db, currentUser(request).id), limit: passkeyLimits.perUser },
    }));

    app.post(
      '/user/passkeys/options',
      {
        schema: {
          tags,
          body: passkeyRegistrationOptionsBodySchema,
          description: 'Adding a passkey, step 1 (docs/API.md): the password again; answers options for navigator.credentials.create.',
          response: { 200: passkeyRegistrationOptionsResponseSchema, ...errorResponses(409) },
        },
        preHandler: checked,
        config: limited,
      },
      async (request) => ({
        status: 'OK' as const,
        payload: await passkeys.startRegistration(deps, currentUser(request), request.auth!.sessionId, request.body.password),
      }),
    );

    app.post(
      '/user/passkeys',
      {
        schema: {
          tags,
          body: passkeyRegisterBodySchema,
          description: 'Adding a passkey, step 2: the RegistrationResponseJSON and an optional name.',
          response: { 201: passkeyAddedResponseSchema, ...errorResponses(409) },
        },
        preHandler: checked,
        config: limited,
      },
      async (request, reply) => {
        const user = currentUser(request);
        const added = await passkeys.finishRegistration(deps, user, request.auth!.sessionId, request.body);
        // The first second factor: sessions signed in with the password alone end, as when an authenticator app is turned on.
        if (added.isFirstSecondFactor) await announceEndedSessions(app.bus, user.id, await repo.deleteUserSessions(app.db, user.id, request.auth!.sessionId));
        return reply
          .status(201)
          .send({ status: 'OK', message: texts.passkeys.added, payload: { passkey: added.passkey, recovery_codes: added.recovery_codes } });
      },
    );

    app.patch(
      '/user/passkeys/:id',
      {
        schema: { tags, params: idParamSchema, body: passkeyRenameBodySchema, response: { 200: passkeyRenamedResponseSchema, ...errorResponses(404) } },
        preHandler: requireAuth,
      },
      async (request) => ({
        status: 'OK' as const,
        message: texts.passkeys.renamed,
        payload: { passkey: await passkeys.renamePasskey(deps, currentUser(request), request.params.id, request.body.name) },
      }),
    );

    app.post(
      '/user/passkeys/:id/remove',
      {
        schema: { tags, params: idParamSchema, body: passkeyRemoveBodySchema, response: { 200: messageEnvelopeSchema, ...errorResponses(404) } },
        preHandler: checked,
        config: limited,
      },
      async (request) => {
        await passkeys.removePasskey(deps, currentUser(request), request.params.id, request.body.password);
        return { status: 'OK' as const, message: texts.passkeys.removed, payload: null };
      },
    );

    app.post(
      '/passkey/sign-in/options',
      {
        schema: {
          tags: ['auth'],
          description: 'Passkey sign-in, step 1 (docs/API.md): options for navigator.credentials.get and the attempt secret.',
          response: { 200: passkeySignInOptionsResponseSchema },
        },
        config: limited,
      },
      async () => ({ status: 'OK' as const, payload: await passkeys.startSignIn(deps) }),
    );

    app.post(
      '/passkey/sign-in',
      {
        schema: {
          tags: ['auth'],
          body: passkeySignInBodySchema,
          description: 'Passkey sign-in, step 2: the attempt secret and the AuthenticationResponseJSON; answers as POST /api/login.',
          response: { 200: loginResponseSchema },
        },
        config: limited,
      },
      async (request, reply) => {
        const result = await passkeys.finishSignIn(deps, request.body);
        if (result.kind === 'verify') return { status: 'VERIFY' as const, message: texts.auth.emailNotVerified, payload: { email: result.email } };
        return completeSignIn(request, reply, result.user);
      },
    );
  };
