import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type paths } from './generated/openapi.js';
import { createRoom } from './factories.js';
import { createTestContext, dialects, type TestContext } from './harness.js';

/**
 * Issue 32 §2: a client generated from the OpenAPI document alone (`npm run openapi:types`: openapi-typescript,
 * called by `npm run typecheck`) performs the spec journey against the real HTTP server. A response schema
 * that drops a field the journey needs, or a request the document types wrongly, fails here (and the
 * typecheck fails when the document stops describing a call this client makes).
 */
describe.each(dialects)('a client generated from the OpenAPI document on %s', (dialect) => {
  let ctx: TestContext;
  let baseUrl: string;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const address = ctx.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    baseUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => ctx.close());

  async function verificationLink(email: string) {
    // The dev mailbox: mail leaves through the outbox (the job worker), right after the request.
    await ctx.app.jobs.runDue();
    const mail = await ctx.db.selectFrom('mails').selectAll().where('to', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const match = /https?:\/\/\S+\/email-verification\S+/.exec(mail.text);
    if (!match) throw new Error(`no verification link in: ${mail.text}`);
    return new URL(match[0]);
  }

  it('signs up, verifies, signs in, opens a topic, sends and polls, starts a top-up and reads the payout methods', async () => {
    const room = await createRoom(ctx.db);
    // A browser-less client before it has a token: the XSRF double submit (cookie + header), as a browser does.
    const csrf = await createClient<paths>({ baseUrl }).GET('/api/sanctum/csrf-cookie');
    expect(csrf.response.status).toBe(204);
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.response.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const anonymous = createClient<paths>({ baseUrl, headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf) } });
    const email = `journey-${dialect}@example.com`;
    const password = 'Journey42go';

    // Sign-up with exactly the spec §7 payload.
    const registered = await anonymous.POST('/api/register', {
      body: { name: 'Jo', email, phone: '+4915112345678', phoneCountryCode: '49', nationalNumber: '15112345678', password, password_confirmation: password },
    });
    expect(registered.response.status).toBe(200);
    expect(registered.data?.status).toBe('VERIFY');
    expect(registered.data?.payload.email).toBe(email);

    const link = await verificationLink(email);
    const verified = await anonymous.POST('/api/email/verify', {
      body: { id: Number(link.searchParams.get('id')), token: link.searchParams.get('token') ?? '' },
    });
    expect(verified.data?.status).toBe('OK');

    const login = await anonymous.POST('/api/login', { body: { email, password } });
    expect(login.data?.status).toBe('OK');
    const token = login.data?.payload.token;
    expect(token).toEqual(expect.any(String));
    expect(login.data?.payload.user?.email).toBe(email);
    const startBalance = login.data?.payload.user?.balance ?? 0;

    // Bearer tokens need no XSRF header.
    const api = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${token}` } });
    const rooms = await api.GET('/api/rooms/index', { params: { query: { page: 1 } } });
    expect(rooms.data?.payload.data.map((r) => r.id)).toContain(room.id);
    expect(rooms.data?.payload.meta.current_page).toBe(1);

    // The spec payload has no age confirmation: the first adult-gated call asks for it once (docs/API.md).
    const asked = await api.POST('/api/topics/create', { body: { room_id: room.id, title: 'Journey' } });
    expect(asked.response.status).toBe(403);
    expect(asked.error?.code).toBe('ADULT_REQUIRED');
    const confirmed = await api.POST('/api/user/confirm-adult', { body: { confirm: true } });
    expect(confirmed.data?.payload.adult_confirmed).toBe(true);

    const created = await api.POST('/api/topics/create', { body: { room_id: room.id, title: 'Journey' } });
    expect(created.response.status).toBe(200);
    const topic = created.data!.payload.topic;
    expect(topic.title).toBe('Journey');
    expect(created.data?.payload.balance).toBeLessThanOrEqual(startBalance);

    const read = await api.GET('/api/topics/topic', { params: { query: { topic_id: topic.id } } });
    expect(read.data?.payload.topic.id).toBe(topic.id);

    const sent = await api.POST('/api/messages/create', { body: { topic_id: topic.id, content: 'Hello from the spec client', client_id: 'journey-1' } });
    expect(sent.response.status).toBe(200);
    const message = sent.data?.payload.message;
    expect(message?.content).toBe('Hello from the spec client');

    const polled = await api.GET('/api/messages/index', { params: { query: { topic_id: topic.id } } });
    expect(polled.response.status).toBe(200);
    expect(polled.data?.payload.data.map((m) => m.id)).toContain(message?.id);

    const checkout = await api.POST('/api/deposit/checkout', {
      body: {
        amount: 10,
        name: 'Jo',
        surname: 'Smith',
        phone: '+4915112345678',
        email,
        country: 'Germany',
        city: 'Berlin',
        address: 'Hauptstraße 1',
        postCode: '10115',
        accept_terms: true,
      },
    });
    expect(checkout.response.status).toBe(200);
    expect(checkout.data?.redirect_url).toMatch(/^https?:\/\//);
    expect(checkout.data?.payload.deposit.id).toEqual(expect.any(Number));

    const methods = await api.GET('/api/payouts/methods', {});
    expect(methods.response.status).toBe(200);
    expect(methods.data?.payload.methods.length).toBeGreaterThan(0);

    // An error answers the one envelope the document declares for it.
    const missing = await api.GET('/api/topics/topic', { params: { query: { topic_id: 999_999 } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ status: 'ERROR', payload: null });
  });
});
