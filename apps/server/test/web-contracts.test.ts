import {
  activeTopicsResponseSchema,
  adminResponses,
  applicationSubmittedResponseSchema,
  blockResponseSchema,
  notificationSettingsResponseSchema,
  reportCreatedResponseSchema,
  applicationStatusEnvelopeSchema,
  attachmentCostsResponseSchema,
  blocksResponseSchema,
  bundlesResponseSchema,
  checkoutPrefillResponseSchema,
  createTopicResponseSchema,
  depositCheckoutResponseSchema,
  depositHistoryResponseSchema,
  depositResponseSchema,
  emptyResponseSchema,
  envelopeSchema,
  adminRoomSchema,
  faqResponseSchema,
  heldMessagesResponseSchema,
  messagesPageResponseSchema,
  notificationsResponseSchema,
  ordersResponseSchema,
  payoutHistoryEnvelopeSchema,
  payoutMethodsEnvelopeSchema,
  productResponseSchema,
  productsResponseSchema,
  profileResponseSchema,
  roomsPageResponseSchema,
  sendMessageResponseSchema,
  skinsResponseSchema,
  staticPageResponseSchema,
  storeTransactionsResponseSchema,
  termsStatusResponseSchema,
  topicResponseSchema,
  topicsPageResponseSchema,
  twoFactorStatusResponseSchema,
  unreadCountResponseSchema,
} from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type z } from 'zod';
import { createRoom, createSignedInUser } from './factories.js';
import { createTestContext, dialects, type TestContext } from './harness.js';
import { checkoutBody } from '../src/modules/deposits/deposits.test-support.js';
import { undeclaredPaths } from '../src/modules/realtime/realtime.frames.js';

/**
 * The web parses every answer with its contract schema (issue 32 §3); here the real server answers each
 * call the web makes, and the answer must parse with the schema the web uses — and declare every field
 * it carries (nothing undeclared leaves the server). A mismatch is a bug on one side.
 */
describe.each(dialects)('the web’s response schemas match the server (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seedDemo: true });
  });
  afterAll(() => ctx.close());

  it('answers every call of the web’s fetchers with its contract shape', async () => {
    const room = await createRoom(ctx.db);
    const owner = await createSignedInUser(ctx.app, { coins: 5000, contributor: true });
    const guest = await createSignedInUser(ctx.app, { coins: 5000 });
    const problems: string[] = [];
    const check = (what: string, schema: z.ZodType, response: { statusCode: number; body: unknown }) => {
      if (response.statusCode >= 300) {
        problems.push(`${what}: HTTP ${response.statusCode} ${JSON.stringify(response.body).slice(0, 200)}`);
        return undefined;
      }
      const parsed = schema.safeParse(response.body);
      if (!parsed.success) {
        problems.push(...parsed.error.issues.map((issue) => `${what}: ${issue.path.join('.')}: ${issue.message}`));
        return undefined;
      }
      problems.push(...undeclaredPaths(response.body, parsed.data).map((path) => `${what}: ${path}`));
      return parsed.data;
    };

    const created = check(
      'POST /topics/create',
      createTopicResponseSchema,
      await owner.client.post('/api/topics/create', { room_id: room.id, title: 'Contract check' }),
    ) as z.infer<typeof createTopicResponseSchema> | undefined;
    const topicId = created?.payload.topic.id ?? 0;
    check('GET /topics/index', topicsPageResponseSchema, await guest.client.get(`/api/topics/index?room_id=${room.id}`));
    check('GET /topics/topic', topicResponseSchema, await guest.client.get(`/api/topics/topic?topic_id=${topicId}`));
    check('GET /topics/{id}/check-terms', termsStatusResponseSchema, await guest.client.get(`/api/topics/${topicId}/check-terms`));
    check('POST /topics/{id}/accept-terms', termsStatusResponseSchema, await guest.client.post(`/api/topics/${topicId}/accept-terms`));
    check('POST /topics/join', topicResponseSchema, await guest.client.post('/api/topics/join', { topic_id: topicId }));
    check('GET /topics/active', activeTopicsResponseSchema, await owner.client.get('/api/topics/active'));
    check('POST /messages/create', sendMessageResponseSchema, await owner.client.post('/api/messages/create', { topic_id: topicId, content: 'Hello' }));
    check('GET /messages/index', messagesPageResponseSchema, await guest.client.get(`/api/messages/index?topic_id=${topicId}&page=1&page_size=20`));
    check('GET /messages/index after_id', messagesPageResponseSchema, await guest.client.get(`/api/messages/index?topic_id=${topicId}&after_id=0`));
    check('GET /messages/held', heldMessagesResponseSchema, await owner.client.get(`/api/messages/held?topic_id=${topicId}`));
    check('GET /messages/attachment-costs', attachmentCostsResponseSchema, await owner.client.get('/api/messages/attachment-costs'));
    check('GET /rooms/index', roomsPageResponseSchema, await owner.client.get('/api/rooms/index?page=1'));
    check('GET /blocks', blocksResponseSchema, await owner.client.get('/api/blocks'));
    // Writes answer their contract too (POST, PUT, DELETE), not only reads.
    const report = check(
      'POST /reports/create',
      reportCreatedResponseSchema,
      await guest.client.post('/api/reports/create', { topic_id: topicId, type: 'topic' }),
    ) as z.infer<typeof reportCreatedResponseSchema> | undefined;
    check(
      'PUT /notifications/mutes',
      notificationSettingsResponseSchema,
      await guest.client.put('/api/notifications/mutes', { topic_id: topicId, muted: true }),
    );
    const block = check('POST /blocks', blockResponseSchema, await guest.client.post('/api/blocks', { topic_id: topicId })) as
      z.infer<typeof blockResponseSchema> | undefined;
    if (block) check('DELETE /blocks/{id}', emptyResponseSchema, await guest.client.delete(`/api/blocks/${block.payload.block.id}`));
    check('POST /topics/leave', emptyResponseSchema, await guest.client.post('/api/topics/leave', { topic_id: topicId }));
    const application = check(
      'POST /become-contributor',
      applicationSubmittedResponseSchema,
      await guest.client.post('/api/become-contributor', {
        nickname: 'Contract',
        email: 'contract@parley.chat',
        experience: 'x',
        interests: 'y',
        help_description: 'z',
      }),
    ) as z.infer<typeof applicationSubmittedResponseSchema> | undefined;

    check('GET /user/profile', profileResponseSchema, await owner.client.get('/api/user/profile'));
    check('GET /user/two-factor', twoFactorStatusResponseSchema, await owner.client.get('/api/user/two-factor'));
    check('GET /notifications', notificationsResponseSchema, await owner.client.get('/api/notifications?per_page=20'));
    check('POST /notifications/read', unreadCountResponseSchema, await owner.client.post('/api/notifications/read', {}));
    check('GET /bundles/index', bundlesResponseSchema, await owner.client.get('/api/bundles/index'));
    const checkout = check('POST /deposit/checkout', depositCheckoutResponseSchema, await owner.client.post('/api/deposit/checkout', checkoutBody())) as
      z.infer<typeof depositCheckoutResponseSchema> | undefined;
    if (checkout) check('GET /deposit/status/{id}', depositResponseSchema, await owner.client.get(`/api/deposit/status/${checkout.payload.deposit.id}`));
    check('GET /deposit/history', depositHistoryResponseSchema, await owner.client.get('/api/deposit/history?page=1&per_page=5'));
    check('GET /deposit/prefill', checkoutPrefillResponseSchema, await owner.client.get('/api/deposit/prefill'));
    check('GET /become-contributor/status', applicationStatusEnvelopeSchema, await guest.client.get('/api/become-contributor/status'));
    check('GET /payouts/methods', payoutMethodsEnvelopeSchema, await owner.client.get('/api/payouts/methods'));
    check('GET /payouts', payoutHistoryEnvelopeSchema, await owner.client.get('/api/payouts?page=1&per_page=5'));
    check('GET /faq', faqResponseSchema, await owner.client.get('/api/faq'));
    const products = check('GET /products', productsResponseSchema, await owner.client.get('/api/products?page=1&per_page=12')) as
      z.infer<typeof productsResponseSchema> | undefined;
    const product = products?.payload.data[0];
    if (product) check('GET /products/{id}', productResponseSchema, await owner.client.get(`/api/products/${product.id}`));
    check('GET /skins', skinsResponseSchema, await owner.client.get('/api/skins'));
    check('GET /orders', ordersResponseSchema, await owner.client.get('/api/orders?page=1&per_page=5'));
    check('GET /transactions', storeTransactionsResponseSchema, await owner.client.get('/api/transactions?page=1&per_page=5'));
    const pages = await ctx.db.selectFrom('static_pages').select('slug').execute();
    if (pages[0]) check('GET /static-pages/{slug}', staticPageResponseSchema, await owner.client.get(`/api/static-pages/${pages[0].slug}`));

    // The admin console (its reads and writes, parsed with `adminResponses`).
    const admin = await createSignedInUser(ctx.app, { role: 'admin' });
    check('GET /admin/dashboard', adminResponses.dashboard, await admin.client.get('/api/admin/dashboard'));
    check('GET /admin/users', adminResponses.users, await admin.client.get('/api/admin/users'));
    check('GET /admin/users/{id}', adminResponses.user, await admin.client.get(`/api/admin/users/${guest.user.id}`));
    check('GET /admin/topics/{id}', adminResponses.topic, await admin.client.get(`/api/admin/topics/${topicId}`));
    check('GET /admin/reports', adminResponses.reports, await admin.client.get('/api/admin/reports'));
    if (report)
      check(
        'POST /admin/reports/{id}/decide',
        adminResponses.reportDecided,
        await admin.client.post(`/api/admin/reports/${report.payload.report.id}/decide`, { action: 'dismiss' }),
      );
    check('GET /admin/applications', adminResponses.applications, await admin.client.get('/api/admin/applications'));
    if (application)
      check(
        'POST /admin/applications/{id}/approve',
        adminResponses.application,
        await admin.client.post(`/api/admin/applications/${application.payload.application.id}/approve`),
      );
    check('GET /admin/settings', adminResponses.settings, await admin.client.get('/api/admin/settings'));
    check('PUT /admin/settings', adminResponses.settings, await admin.client.put('/api/admin/settings', { companion_name: 'Mia' }));
    const newRoom = check(
      'POST /admin/rooms',
      envelopeSchema(adminRoomSchema),
      await admin.client.post('/api/admin/rooms', { title: 'Contract', border_color: 'purple' }),
    ) as { payload: { id: number } } | undefined;
    if (newRoom)
      check(
        'PUT /admin/rooms/{id}',
        envelopeSchema(adminRoomSchema),
        await admin.client.put(`/api/admin/rooms/${newRoom.payload.id}`, { title: 'Contract 2', border_color: 'red' }),
      );
    check(
      'POST /admin/users/{id}/balance',
      adminResponses.balanceAdjusted,
      await admin.client.post(`/api/admin/users/${guest.user.id}/balance`, { amount: 5, reason: 'contract', request_id: 'contract-check-1' }),
    );
    check('GET /admin/system', adminResponses.system, await admin.client.get('/api/admin/system'));
    check('GET /admin/audit', adminResponses.audit, await admin.client.get('/api/admin/audit'));

    expect(problems).toEqual([]);
  });
});
