import { envelopeSchema, messagesPageSchema, settingsSchema } from '@parley/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializerCompiler } from './serializer.js';

describe('compiled response serializer', () => {
  it('writes exactly the declared fields of a response schema, nothing the handler added', async () => {
    const app = Fastify();
    app.setSerializerCompiler(compiledSerializerCompiler);
    const schema = envelopeSchema(z.object({ id: z.number().int(), name: z.string().nullable() }));
    app.get('/x', { schema: { response: { 200: schema } } }, async () => ({
      status: 'OK',
      payload: { id: 7, name: null, email: 'secret@example.com' },
      debug: 1,
    }));
    const response = await app.inject({ method: 'GET', url: '/x' });
    expect(response.json()).toEqual({ status: 'OK', payload: { id: 7, name: null } });
    await app.close();
  });

  it('compiles the contract schemas of the hot routes', () => {
    for (const schema of [envelopeSchema(messagesPageSchema), envelopeSchema(settingsSchema)]) {
      expect(typeof compiledSerializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' })).toBe('function');
    }
  });
});
