import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ChatEvent, type Message, type Topic } from '@parley/contracts';
import { type FastifyInstance } from 'fastify';
import { type TestClient } from './client.js';
import { createRoom, createSignedInUser, type UserFactoryInput } from './factories.js';
import { type Dialect, type TestContextOptions } from './harness.js';

/** Chat suites write uploads into a temporary directory, never into the repo. */
export function chatContextOptions(extra: TestContextOptions = {}): TestContextOptions {
  return { ...extra, env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'parley-uploads-')), ...extra.env } };
}

/** Small but real files, recognisable by their first bytes. */
export const sampleFiles = {
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000dIHDR-fake-png-body')]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-fake-jpeg-body')]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
  text: Buffer.from('Plain notes\nsecond line\n'),
  mp3: Buffer.concat([Buffer.from('ID3'), Buffer.from([0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0a]), Buffer.alloc(32, 1)]),
  mp4: Buffer.concat([Buffer.from([0x00, 0x00, 0x00, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(32, 2)]),
  html: Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>'),
};

export interface UploadFile {
  filename: string;
  data: Buffer;
  contentType?: string;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipart(fields: Record<string, string | string[]>, files: UploadFile[]) {
  const boundary = `----parley${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of [value].flat()) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="attachments[]"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function sendFiles(client: TestClient, topicId: number, files: UploadFile[], types: string[], content = '') {
  const body = multipart({ topic_id: String(topicId), content, 'types[]': types }, files);
  return client.request<{ message: Message; balance: number }>('POST', '/api/messages/create', body);
}

export async function createTopicVia(client: TestClient, roomId: number, title = 'Talk about anything') {
  const response = await client.post<{ topic: Topic; balance: number }>('/api/topics/create', { room_id: roomId, title });
  if (response.body.status !== 'OK') throw new Error(`create topic failed: ${JSON.stringify(response.body)}`);
  return response.body.payload.topic;
}

/** An owner with a topic and a second user who has joined it. */
export async function createChatPair(app: FastifyInstance, owner: UserFactoryInput = { coins: 1000 }, guest: UserFactoryInput = { coins: 1000 }) {
  const room = await createRoom(app.db);
  const a = await createSignedInUser(app, owner);
  const b = await createSignedInUser(app, guest);
  const topic = await createTopicVia(a.client, room.id);
  const joined = await b.client.post('/api/topics/join', { topic_id: topic.id });
  if (joined.body.status !== 'OK') throw new Error(`join failed: ${JSON.stringify(joined.body)}`);
  return { room, owner: a, guest: b, topic };
}

/** Records every event published on the app's bus. */
export function recordEvents(app: FastifyInstance) {
  const events: ChatEvent[] = [];
  const stop = app.bus.subscribe((event) => events.push(event));
  return { events, stop };
}

export const balanceOf = async (app: FastifyInstance, userId: number) =>
  (await app.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow()).balance;

export type { Dialect };
