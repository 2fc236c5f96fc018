import {
  changePasswordBodySchema,
  confirmAdultBodySchema,
  cookieNames,
  emailOnlyBodySchema,
  envelopeSchema,
  isAuthResponseSchema,
  loginResponseSchema,
  messageEnvelopeSchema,
  loginBodySchema,
  passwordResetBodySchema,
  registerBodySchema,
  texts,
  updateProfileBodySchema,
  userProfileSchema,
  userLanguageBodySchema,
  verifyEmailQuerySchema,
} from '@parley/contracts';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { createFallbackCounterStore } from '../../lib/redis-rate-limit-store.js';
import { requestLanguageId } from '../../plugins/localize.js';
import { errorResponses } from '../../plugins/responses.js';
import { z } from 'zod';
import { clearSessionCookie, createSession, currentUser, requireAuth, setSessionCookie, xsrfCookieOptions, xsrfTokenFor } from '../../plugins/session.js';
import { createMailOutbox } from '../mail/mail.outbox.js';
import * as users from '../users/users.service.js';
import { toUserProfile } from '../users/users.mapper.js';
import { type UserRow } from '../users/users.table.js';
import './auth.jobs.js';
import * as auth from './auth.service.js';
import { createSignInThrottle } from './sign-in-throttle.js';
import { twoFactorRoutes } from './two-factor.routes.js';
import { passkeyRoutes } from './passkeys.routes.js';
import { hasSecondFactor } from './second-factor.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    db: app.db,
    config: app.config,
    clock: app.clock,
    bus: app.bus,
    kick: () => app.jobs.kick(),
    mailer: createMailOutbox(app.db, app.clock, app.jobs),
  };
  const authLimit = { rateLimit: { max: app.config.rateLimit.authMax, timeWindow: app.config.rateLimit.authWindowMs } };
  const profileOf = async (userId: number) => {
    const user = (await users.findUserById(app.db, userId))!;
    const country = user.country_id ? ((await users.findCountryName(app.db, user.country_id)) ?? null) : null;
    return toUserProfile(user, app.clock.now(), country);
  };

  const completeSignIn = async (request: FastifyRequest, reply: FastifyReply, user: UserRow) => {
    const token = await createSession(app.db, app.config, app.clock, user.id, request);
    setSessionCookie(reply, app.config, token);
    // An account from before languages were kept takes the language it signs in with.
    if (user.language_id === null) await auth.adoptLanguage(deps, user.id, requestLanguageId(request));
    const profile = await profileOf(user.id);
    return { status: 'OK' as const, payload: { user: profile, token }, data: profile, token };
  };

  app.get('/sanctum/csrf-cookie', { schema: { tags: ['auth'], response: { 204: z.undefined() } } }, async (request, reply) => {
    // Always our own value: bound to the session cookie if there is one, never the client's.
    const session = request.cookies[cookieNames.session];
    reply.setCookie(cookieNames.xsrf, xsrfTokenFor(app.config, session && session.length <= 200 ? session : undefined), xsrfCookieOptions(app.config));
    return reply.status(204).send();
  });

  app.get('/is-auth', { schema: { tags: ['auth'], response: { 200: isAuthResponseSchema } } }, async (request) => {
    const authenticated = request.auth !== null;
    const emailVerified = Boolean(request.auth?.user.email_verified_at);
    return { status: 'OK' as const, authenticated, emailVerified, payload: { authenticated, emailVerified } };
  });

  // Per account as well as per IP, failures only, strangers apart from the owner's devices (decision 028).
  const throttle = createSignInThrottle({
    config: app.config,
    clock: app.clock,
    store: createFallbackCounterStore(app.redis, 'parley-signin:', app.log),
  });
  const slowDown = (reply: FastifyReply, retryAfterS: number) => {
    void reply.header('retry-after', String(retryAfterS));
    return new AppError('RATE_LIMITED', texts.common.rateLimited, undefined, { retry_after: retryAfterS });
  };

  const loginDescription =
    "Spec §7 sign-in. Beyond §7 (docs/API.md): an account with two-factor sign-in answers 200 {status: 'TWO_FACTOR' as const, message, payload: {two_factor: true}} " +
    'and no session; send the same call again with `code` (authenticator or recovery code). A wrong code: 422 errors.code. ' +
    'Too many failures: 429 RATE_LIMITED with Retry-After and retry_after.';
  app.post(
    '/login',
    { schema: { tags: ['auth'], body: loginBodySchema, description: loginDescription, response: { 200: loginResponseSchema } }, config: authLimit },
    async (request, reply) => {
      const attempt = await throttle.attempt(request, request.body.email);
      // While this kind of device waits, only the right password with a valid second factor gets through.
      const waiting = attempt.retryAfterS > 0;
      if (waiting && !request.body.code) throw slowDown(reply, attempt.retryAfterS);
      let result: auth.LoginResult;
      try {
        result = await auth.login(deps, request.body);
      } catch (error) {
        // A wrong password or code counts; a ban does not.
        if (!(error instanceof AppError && error.code === 'VALIDATION')) throw error;
        const failed = await throttle.failed(attempt);
        if (failed.notifyOwner) await auth.noticeFailedSignIns(deps, request.body.email, failed.count);
        // A waiting attempt learns nothing about which factor was wrong.
        throw waiting ? slowDown(reply, failed.retryAfterS) : error;
      }
      if (waiting && !(result.kind === 'ok' && hasSecondFactor(result.user))) throw slowDown(reply, attempt.retryAfterS);
      if (result.kind === 'verify') return { status: 'VERIFY' as const, message: texts.auth.emailNotVerified, payload: { email: result.email } };
      if (result.kind === 'two_factor')
        return { status: 'TWO_FACTOR' as const, message: texts.twoFactor.codeRequired, payload: { two_factor: true as const, passkey: result.passkey } };
      await throttle.succeeded(attempt, request, reply);
      return completeSignIn(request, reply, result.user);
    },
  );

  await app.register(twoFactorRoutes);
  await app.register(passkeyRoutes(completeSignIn));

  const registerDescription =
    'Spec §7 sign-up. `confirm_adult: true` is optional (the web form sends it; false is refused); without it the account answers ' +
    '403 ADULT_REQUIRED at its first adult-gated action until POST /api/user/confirm-adult {confirm: true} (docs/API.md).';
  app.post(
    '/register',
    {
      schema: { tags: ['auth'], body: registerBodySchema, description: registerDescription, response: { 200: loginResponseSchema, ...errorResponses(409) } },
      config: authLimit,
    },
    async (request, reply) => {
      const result = await auth.register(deps, request.body, requestLanguageId(request));
      if (result.kind === 'verify') return { status: 'VERIFY' as const, message: texts.auth.verificationSent, payload: { email: result.email } };
      const token = await createSession(app.db, app.config, app.clock, result.user.id, request);
      setSessionCookie(reply, app.config, token);
      const profile = await profileOf(result.user.id);
      return { status: 'OK' as const, payload: { user: profile, token }, data: profile, token };
    },
  );

  app.post(
    '/email/verify',
    { schema: { tags: ['auth'], body: verifyEmailQuerySchema, response: { 200: messageEnvelopeSchema, ...errorResponses(404) } } },
    async (request) => {
      await auth.verifyEmail(deps, request.body.id, request.body.token);
      return { status: 'OK' as const, message: texts.auth.emailVerified, payload: null };
    },
  );

  app.post(
    '/resendConfirmationLink',
    { schema: { tags: ['auth'], body: emailOnlyBodySchema, response: { 200: messageEnvelopeSchema } }, config: authLimit },
    async (request) => {
      await auth.resendVerification(deps, request.body.email);
      return { status: 'OK' as const, message: texts.auth.verificationSent, payload: null };
    },
  );

  app.post('/logout', { schema: { tags: ['auth'], response: { 200: messageEnvelopeSchema } } }, async (request, reply) => {
    if (request.auth) {
      await auth.logout(deps, request.auth.sessionId);
      // Sockets opened with this session close (on every instance).
      await app.bus
        .publish({ type: 'session.ended', userId: request.auth.user.id, sessionId: request.auth.sessionId })
        .catch((error: unknown) => request.log.error({ err: error }, 'publishing session end failed'));
    }
    clearSessionCookie(reply, app.config);
    return { status: 'OK' as const, payload: null };
  });

  app.post(
    '/user/request-password-reset',
    { schema: { tags: ['auth'], body: emailOnlyBodySchema, response: { 200: messageEnvelopeSchema } }, config: authLimit },
    async (request) => {
      await auth.requestPasswordReset(deps, request.body.email);
      return { status: 'OK' as const, message: texts.auth.resetLinkSent, payload: null };
    },
  );

  app.post(
    '/user/password-reset',
    { schema: { tags: ['auth'], body: passwordResetBodySchema, response: { 200: messageEnvelopeSchema } }, config: authLimit },
    async (request) => {
      await auth.resetPassword(deps, request.body);
      return { status: 'OK' as const, message: texts.auth.passwordResetDone, payload: null };
    },
  );

  app.post(
    '/user/change-password',
    { schema: { tags: ['profile'], body: changePasswordBodySchema, response: { 200: messageEnvelopeSchema } }, preHandler: requireAuth, config: authLimit },
    async (request) => {
      await auth.changePassword(deps, currentUser(request), request.auth!.sessionId, request.body);
      return { status: 'OK' as const, message: texts.auth.passwordChanged, payload: null };
    },
  );

  app.post(
    '/user/confirm-adult',
    { schema: { tags: ['profile'], body: confirmAdultBodySchema, response: { 200: envelopeSchema(userProfileSchema) } }, preHandler: requireAuth },
    async (request) => {
      await auth.confirmAdult(deps, currentUser(request));
      return { status: 'OK' as const, message: texts.adult.confirmed, payload: await profileOf(currentUser(request).id) };
    },
  );

  app.get(
    '/user/profile',
    { schema: { tags: ['profile'], response: { 200: envelopeSchema(userProfileSchema) } }, preHandler: requireAuth },
    async (request) => ({
      status: 'OK' as const,
      payload: await profileOf(currentUser(request).id),
    }),
  );

  app.put(
    '/user/profile',
    {
      schema: { tags: ['profile'], body: updateProfileBodySchema, response: { 200: envelopeSchema(userProfileSchema), ...errorResponses(409) } },
      preHandler: requireAuth,
    },
    async (request) => {
      await auth.updateProfile(deps, currentUser(request), request.body);
      return { status: 'OK' as const, message: texts.profile.updated, payload: await profileOf(currentUser(request).id) };
    },
  );

  // The web's language menu, when signed in: mail and notices follow the language the person reads Parley in.
  app.put(
    '/user/language',
    {
      schema: { tags: ['profile'], body: userLanguageBodySchema, response: { 200: envelopeSchema(z.object({ language_id: z.number().int().nullable() })) } },
      preHandler: requireAuth,
    },
    async (request) => ({
      status: 'OK' as const,
      payload: { language_id: await auth.setUserLanguage(deps, currentUser(request).id, request.body.language_id) },
    }),
  );

  app.get(
    '/phone-country',
    { schema: { tags: ['reference'], response: { 200: z.object({ status: z.literal('OK'), payload: z.object({ iso: z.string().nullable() }) }) } } },
    async (request) => {
      const header = request.headers[app.config.countryHeader];
      const fromHeader = typeof header === 'string' && /^[A-Za-z]{2}$/.test(header) ? header.toUpperCase() : null;
      const fromLanguage = request.headers['accept-language']?.match(/[a-z]{2}-([A-Z]{2})/)?.[1] ?? null;
      return { status: 'OK' as const, payload: { iso: fromHeader ?? fromLanguage } };
    },
  );
};
