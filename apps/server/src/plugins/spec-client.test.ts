import { texts } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../test/factories.js';
import { createTestContext, dialects, type TestContext } from '../../test/harness.js';

/** Issue 32: what a client written from SPEC.md §7 alone meets when it gets a call wrong. */
describe.each(dialects)('a spec client told what went wrong on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx.close());
  const inGerman = async () => {
    const { id } = await ctx.db.selectFrom('languages').select('id').where('code', '=', 'de').executeTakeFirstOrThrow();
    return { 'x-lang-id': String(id) };
  };

  it('a wrong method answers 405 with Allow, in the envelope; an unknown path stays 404', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const rooms = await client.delete('/api/rooms/index');
    expect(rooms.statusCode).toBe(405);
    expect(rooms.headers.allow).toBe('GET, HEAD');
    expect(rooms.body).toMatchObject({ status: 'ERROR', payload: null, message: texts.common.methodNotAllowed, code: 'METHOD_NOT_ALLOWED' });
    // Asked twice (the allowed methods are remembered per route), and for a route with a parameter.
    expect((await client.delete('/api/rooms/index?page=2')).headers.allow).toBe('GET, HEAD');
    const create = await client.get('/api/topics/create');
    expect(create.statusCode).toBe(405);
    expect(create.headers.allow).toBe('POST');
    const status = await client.post('/api/deposit/status/12', {});
    expect(status.statusCode).toBe(405);
    expect(status.headers.allow).toBe('GET, HEAD');

    const unknown = await client.delete('/api/no-such-thing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.allow).toBeUndefined();
    expect(unknown.body).toMatchObject({ status: 'ERROR', message: texts.common.routeNotFound });
  });

  it('topic_id=abc is a type error naming the field, not "Topic not found"', async () => {
    const { client } = await createSignedInUser(ctx.app);
    for (const url of ['/api/topics/topic?topic_id=abc', '/api/messages/index?topic_id=abc']) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(422);
      expect(response.body.errors?.topic_id, url).toEqual(['topic_id must be a number.']);
      expect(response.body.message, url).toBe('topic_id must be a number.');
    }
    const body = await client.post('/api/topics/join', { topic_id: 'abc' });
    expect(body.statusCode).toBe(422);
    expect(body.body.errors?.topic_id).toEqual(['topic_id must be a number.']);
    // A number that names no topic is still 'Topic not found'; a missing one keeps the spec's text.
    expect((await client.get('/api/topics/topic?topic_id=999999')).body.message).toBe(texts.chat.topicNotFound);
    expect((await client.get('/api/topics/topic')).body.errors?.topic_id).toEqual([texts.chat.topicNotFound]);
    // In German too.
    const german = await client.get('/api/topics/topic?topic_id=abc', await inGerman());
    expect(german.body.errors?.topic_id).toEqual(['topic_id muss eine Zahl sein.']);
  });

  it('an unreadable body names the problem instead of "_: This value is not valid."', async () => {
    const { client } = await createSignedInUser(ctx.app);
    const json = await client.request('POST', '/api/topics/join', { payload: '{"topic_id": 1', headers: { 'content-type': 'application/json' } });
    expect(json.statusCode).toBe(400);
    expect(json.body).toMatchObject({ status: 'ERROR', message: texts.common.invalidJson, errors: { body: [texts.common.invalidJson] } });

    const text = await client.request('POST', '/api/topics/join', { payload: 'topic_id=1', headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(415);
    expect(text.body).toMatchObject({ status: 'ERROR', message: texts.common.jsonBodyExpected, errors: { body: [texts.common.jsonBodyExpected] } });
    expect(JSON.stringify(text.body)).not.toContain('"_"');

    const xml = await client.request('POST', '/api/topics/join', { payload: '<topic_id>1</topic_id>', headers: { 'content-type': 'application/xml' } });
    expect(xml.statusCode).toBe(415);
    expect(xml.body).toMatchObject({ status: 'ERROR', message: texts.common.jsonBodyExpected });

    const german = await client.request('POST', '/api/topics/join', {
      payload: '{',
      headers: { 'content-type': 'application/json', ...(await inGerman()) },
    });
    expect(german.body.message).toBe('Der Inhalt der Anfrage ist kein gültiges JSON.');
  });
});
