import { type AdminRating, type Pairing, type RatingSummary, type Topic } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatContextOptions, createTopicVia } from '../../../test/chat.js';
import { type TestClient } from '../../../test/client.js';
import { createRoom, createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, FakeClock, type TestContext } from '../../../test/harness.js';
import { listenLocal, WsTestClient } from '../../../test/ws-client.js';
import { type UserRow } from '../users/users.table.js';
import { lastRatedPartner, ratingScore, ratingScores, refreshRatingAggregates } from './ratings.service.js';

type Person = { user: UserRow; client: TestClient };
const DAY = 86_400_000;

/** Every value under a key naming an id, anywhere in a JSON value. */
function idsIn(value: unknown, out: number[] = []): number[] {
  if (Array.isArray(value)) for (const v of value) idsIn(v, out);
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      if (/(^|_)id$|Id$/.test(key) && typeof v === 'number') out.push(v);
      idsIn(v, out);
    }
  return out;
}

describe.each(dialects)('ratings on %s', (dialect) => {
  let ctx: TestContext;
  let clock: FakeClock;
  let admin: TestClient;
  let roomId: number;
  beforeAll(async () => {
    clock = new FakeClock(new Date('2026-03-02T10:00:00.000Z'));
    ctx = await createTestContext(dialect, chatContextOptions({ infra: { clock } }));
    admin = (await createSignedInUser(ctx.app, { role: 'admin' })).client;
    roomId = (await createRoom(ctx.db)).id;
  });
  afterAll(() => ctx.close());

  /** A payer's topic the interlocutor joins; `ended` when the interlocutor has left again. */
  async function pairing(payer: Person, interlocutor: Person, ended = true): Promise<Topic> {
    const topic = await createTopicVia(payer.client, roomId);
    expect((await interlocutor.client.post('/api/topics/join', { topic_id: topic.id })).statusCode).toBe(200);
    if (ended) expect((await interlocutor.client.post('/api/topics/leave', { topic_id: topic.id })).statusCode).toBe(200);
    return topic;
  }
  const rate = (person: Person, topicId: number, stars: number, text?: string) =>
    person.client.post<{ rating: { stars: number } }>(`/api/topics/${topicId}/rating`, { stars, ...(text ? { text } : {}) });
  const pairingOf = async (person: Person, topicId: number) => (await person.client.get<Pairing>(`/api/topics/${topicId}/pairing`)).body.payload;
  const summaryOf = async (person: Person) => (await person.client.get<RatingSummary>('/api/user/ratings')).body.payload;

  it('each side rates an ended pairing once: before the end it is refused, a second rating is 409', async () => {
    const payer = await createSignedInUser(ctx.app, { coins: 1000 });
    const interlocutor = await createSignedInUser(ctx.app, { contributor: true });
    const topic = await pairing(payer, interlocutor, false);
    expect(await pairingOf(payer, topic.id)).toMatchObject({ can_rate: false, can_tip: true, rating: null });
    expect((await rate(payer, topic.id, 5)).statusCode).toBe(422);

    expect((await interlocutor.client.post('/api/topics/leave', { topic_id: topic.id })).statusCode).toBe(200);
    expect(await pairingOf(payer, topic.id)).toMatchObject({ can_rate: true });
    const first = await rate(payer, topic.id, 4, 'Kind and patient');
    expect(first.statusCode).toBe(200);
    expect(first.body.payload.rating).toMatchObject({ stars: 4, text: 'Kind and patient' });
    const second = await rate(payer, topic.id, 1);
    expect(second.statusCode).toBe(409);
    expect(second.body.status).toBe('ERROR');
    expect(await pairingOf(payer, topic.id)).toMatchObject({ can_rate: false, rating: { stars: 4 } });
    // The other side rates the same pairing once too.
    expect((await rate(interlocutor, topic.id, 5)).statusCode).toBe(200);
    expect((await rate(interlocutor, topic.id, 5)).statusCode).toBe(409);
    // Stars out of range and strangers are refused.
    expect((await rate(payer, topic.id, 6)).statusCode).toBe(422);
    const stranger = await createSignedInUser(ctx.app);
    expect((await rate(stranger, topic.id, 3)).statusCode).toBe(404);
    // Moderators see the pairing's ratings with who rated whom.
    const listed = (await admin.get<{ ratings: AdminRating[] }>(`/api/admin/ratings?topic_id=${topic.id}`)).body.payload.ratings;
    expect(listed.map((r) => [r.rater.id, r.rated.id, r.stars]).sort()).toEqual(
      [
        [payer.user.id, interlocutor.user.id, 4],
        [interlocutor.user.id, payer.user.id, 5],
      ].sort(),
    );
  });

  it('the words of a rating pass the content rules: refused words are refused, contact details masked', async () => {
    const payer = await createSignedInUser(ctx.app, { coins: 1000 });
    const interlocutor = await createSignedInUser(ctx.app, { contributor: true });
    const topic = await pairing(payer, interlocutor);
    expect((await admin.post('/api/admin/content-rules', { kind: 'word', pattern: 'scamword', action: 'refuse' })).statusCode).toBe(200);
    const refused = await rate(payer, topic.id, 2, 'a real scamword here');
    expect(refused.statusCode).toBe(422);
    expect(refused.body.errors).toHaveProperty('text');
    const masked = await rate(payer, topic.id, 5, 'write me at someone@example.com');
    expect(masked.statusCode).toBe(200);
    expect(JSON.stringify(masked.body.payload)).not.toContain('someone@example.com');
  });

  it('the rated person sees an aggregate only from 5 ratings, computed daily, and nothing they receive identifies a rater', async () => {
    const interlocutor = await createSignedInUser(ctx.app, { contributor: true });
    const base = await listenLocal(ctx.app);
    const socket = await WsTestClient.connect(base, { cookieOf: interlocutor.client, origin: ctx.config.publicUrl });
    const raters: Person[] = [];
    const received: unknown[] = [];
    const look = async (path: string) => {
      const response = await interlocutor.client.get(path);
      received.push(response.body);
      return response;
    };
    for (const stars of [5, 5, 4, 5]) {
      const payer = await createSignedInUser(ctx.app, { coins: 1000 });
      raters.push(payer);
      const topic = await pairing(payer, interlocutor);
      expect((await rate(payer, topic.id, stars, 'Thanks')).statusCode).toBe(200);
      await look(`/api/topics/${topic.id}/pairing`);
      await look(`/api/topics/topic?topic_id=${topic.id}`);
    }
    await refreshRatingAggregates(ctx.db, clock);
    clock.advance(DAY);
    await refreshRatingAggregates(ctx.db, clock);
    // Four ratings: hidden.
    expect(await summaryOf(interlocutor)).toMatchObject({ ratings_count: null, average: null, is_top_rated: false, min_shown: 5 });

    const fifth = await createSignedInUser(ctx.app, { coins: 1000 });
    raters.push(fifth);
    const topic = await pairing(fifth, interlocutor);
    expect((await rate(fifth, topic.id, 4)).statusCode).toBe(200);
    // Not before the next daily computation, and that one counts only the ratings of days before it.
    await refreshRatingAggregates(ctx.db, clock);
    expect((await summaryOf(interlocutor)).ratings_count).toBeNull();
    clock.advance(DAY);
    await refreshRatingAggregates(ctx.db, clock);
    const summary = await summaryOf(interlocutor);
    expect(summary).toMatchObject({ ratings_count: 5, average: 4.6 });
    expect(summary.updated_at).toBe(clock.now().toISOString());
    // Matching reads the same daily aggregates, and whom a payer rated last ('talk again').
    expect(await ratingScore(ctx.db, interlocutor.user.id)).toBeCloseTo(4.6);
    expect((await ratingScores(ctx.db, [interlocutor.user.id, fifth.user.id])).has(fifth.user.id)).toBe(false);
    expect(await lastRatedPartner(ctx.db, fifth.user.id)).toMatchObject({ userId: interlocutor.user.id, stars: 4 });

    // Identity-leak search over everything the rated person received, REST and WebSocket.
    for (const path of ['/api/user/ratings', '/api/notifications', '/api/topics/active', `/api/topics/${topic.id}/pairing`]) await look(path);
    received.push(...socket.frames);
    const text = JSON.stringify(received);
    const ids = new Set(idsIn(received));
    for (const rater of raters) {
      for (const secret of [rater.user.email, rater.user.name, rater.user.surname ?? '', rater.user.phone ?? ''])
        if (secret) expect(text).not.toContain(secret);
      expect(ids.has(rater.user.id)).toBe(false);
    }
    expect(text).not.toMatch(/rater/i);
    socket.ws.close();
  });

  it("'Top rated' shows on the interlocutor's chat name above the admin's threshold with enough ratings", async () => {
    const interlocutor = await createSignedInUser(ctx.app, { contributor: true });
    for (let i = 0; i < 5; i++) {
      const payer = await createSignedInUser(ctx.app, { coins: 1000 });
      const topic = await pairing(payer, interlocutor);
      expect((await rate(payer, topic.id, 5)).statusCode).toBe(200);
    }
    clock.advance(DAY);
    await refreshRatingAggregates(ctx.db, clock);
    const viewer = await createSignedInUser(ctx.app, { coins: 1000 });
    const topic = await pairing(viewer, interlocutor, false);
    // The default needs 10 ratings.
    expect((await pairingOf(viewer, topic.id)).interlocutor_badge).toBeNull();
    expect((await admin.put('/api/admin/settings', { rating_top_min_count: 5, rating_top_threshold: 4.8 })).statusCode).toBe(200);
    expect((await pairingOf(viewer, topic.id)).interlocutor_badge).toBe('top_rated');
    expect((await summaryOf(interlocutor)).is_top_rated).toBe(true);
    expect((await admin.put('/api/admin/settings', { rating_top_min_count: 10, rating_top_threshold: 4.5 })).statusCode).toBe(200);
  });
});
