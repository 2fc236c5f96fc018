import { cookieNames, type ChatEvent, type Message, type WsServerMessage } from '@parley/contracts';
import { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { type TestClient } from './client.js';

/** A message as the bus carries it, for tests that publish events directly (the contract's full shape). */
export function testMessage(fields: Partial<Message> & { id: number; topic_id: number; content: string }): Message {
  return {
    text: fields.content,
    sender: 'Alex',
    sender_id: null,
    sender_kind: 'user',
    is_mine: false,
    is_typing: false,
    cost: 0,
    look: null,
    attachments: [],
    created_at: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

/** Listens on 127.0.0.1, a random port; returns the ws:// base URL. */
export async function listenLocal(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `ws://127.0.0.1:${address.port}`;
}

export interface ConnectOptions {
  /** Use the signed-in client's session cookie (and an Origin). */
  cookieOf?: TestClient;
  origin?: string;
  bearer?: string;
  /** `?ticket=` (POST /api/ws/ticket); `queryToken` sends a session token in the URL, which the server refuses. */
  ticket?: string;
  queryToken?: string;
  autoPong?: boolean;
}

/** A recording WebSocket client for tests: every frame kept in order, helpers to wait. */
export class WsTestClient {
  readonly frames: WsServerMessage[] = [];
  closeInfo?: { code: number; reason: string };
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as WsServerMessage);
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closeInfo = { code, reason: reason.toString() };
      this.wake();
    });
    ws.on('error', () => undefined);
  }

  static async connect(baseUrl: string, options: ConnectOptions = {}): Promise<WsTestClient> {
    const headers: Record<string, string> = {};
    if (options.cookieOf) headers.cookie = `${cookieNames.session}=${options.cookieOf.cookies.get(cookieNames.session) ?? ''}`;
    if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
    const query = options.ticket
      ? `?ticket=${encodeURIComponent(options.ticket)}`
      : options.queryToken
        ? `?token=${encodeURIComponent(options.queryToken)}`
        : '';
    const url = `${baseUrl}/api/ws${query}`;
    const ws = new WebSocket(url, { headers, origin: options.origin, autoPong: options.autoPong ?? true });
    const client = new WsTestClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`unexpected response ${res.statusCode}`)));
    });
    return client;
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  send(message: unknown) {
    this.ws.send(JSON.stringify(message));
  }

  /** Resolves once `predicate` holds over the frames so far (or the socket closed, for close waits). */
  async waitFor<T>(check: () => T | undefined | false, timeoutMs = 5000, what = 'condition'): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = check();
      if (value) return value;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; frames: ${JSON.stringify(this.frames).slice(-1500)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  waitForFrame<K extends WsServerMessage['type']>(type: K, match: (frame: Extract<WsServerMessage, { type: K }>) => boolean = () => true, timeoutMs?: number) {
    return this.waitFor(
      () => this.frames.find((f): f is Extract<WsServerMessage, { type: K }> => f.type === type && match(f as Extract<WsServerMessage, { type: K }>)),
      timeoutMs,
      type,
    );
  }

  waitForClose(timeoutMs?: number) {
    return this.waitFor(() => this.closeInfo, timeoutMs, 'close');
  }

  events(): ChatEvent[] {
    return this.frames.flatMap((f) => (f.type === 'event' ? [f.event] : []));
  }

  /** Ids of message.created events for a topic, in arrival order. */
  messageIds(topicId: number): number[] {
    return this.events().flatMap((e) => (e.type === 'message.created' && e.topicId === topicId ? [e.message.id] : []));
  }

  async subscribe(topicId: number, lastMessageId?: number) {
    const before = this.frames.length;
    this.send(lastMessageId === undefined ? { type: 'subscribe', topicId } : { type: 'subscribe', topicId, lastMessageId });
    return this.waitFor(
      () => this.frames.slice(before).find((f) => (f.type === 'subscribed' && f.topicId === topicId) || (f.type === 'error' && f.topicId === topicId)),
      5000,
      `subscribe ${topicId}`,
    );
  }

  close() {
    this.ws.terminate();
  }
}

/** Opens an AI-mode topic for the signed-in client ('Start Random Chat', ai); returns its id. */
export async function startAiTopic(client: TestClient): Promise<number> {
  const response = await client.get<{ topic: { id: number } }>('/api/topics/random?chat_mode=ai');
  if (response.body.status !== 'OK') throw new Error(`random ai chat failed: ${JSON.stringify(response.body)}`);
  return response.body.payload.topic.id;
}

/** Sends a chat message over REST; returns the stored message id. */
export async function sendMessage(client: TestClient, topicId: number, content: string): Promise<number> {
  const response = await client.post<{ message: { id: number } }>('/api/messages/create', { topic_id: topicId, content });
  if (response.body.status !== 'OK') throw new Error(`send failed: ${JSON.stringify(response.body)}`);
  return response.body.payload.message.id;
}
