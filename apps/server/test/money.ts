import { type AddressInfo } from 'node:net';
import { type FastifyInstance } from 'fastify';

/** Helpers for money suites that pay through the sandbox's hosted page over real HTTP. */
export const sandboxCard = { card_number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', holder: 'Ada Lovelace' };

export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Posts a form to the hosted sandbox page as a browser would. */
export const submitForm = (base: string, path: string, values: Record<string, string>) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    body: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });

/** Polls until `done` (the outbox delivers webhooks asynchronously, as a gateway does). */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 40));
  }
}

export const balanceOf = async (app: FastifyInstance, userId: number) =>
  (await app.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow()).balance;

let requestSequence = 0;
export const newRequestId = () => `req_${process.pid}_${++requestSequence}_${Math.random().toString(36).slice(2, 8)}`;
