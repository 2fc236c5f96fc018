import {
  attachmentCostsSchema,
  createMessageBodySchema,
  envelopeSchema,
  heldMessageSchema,
  heldMessagesQuerySchema,
  idParamSchema,
  messagesIndexQuerySchema,
  messagesPageSchema,
  sendMessagePayloadSchema,
  texts,
} from '@parley/contracts';
import { z } from 'zod';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { IMAGE_MIMES } from '../../lib/file-sniff.js';
import { validationFailure } from '../../plugins/errors.js';
import { currentUser, requireVerified } from '../../plugins/session.js';
import { checkFiles, createUploadSlots, readMessageForm, type MessageForm } from './message-upload.js';
import { listOwnPending } from './held-messages.service.js';
import * as messages from './messages.service.js';
import { pageCacheOf, sendPage } from './page-cache.js';
import { type UserRow } from '../users/users.table.js';

/** Attachments are downloads, never pages: no sniffing, no HTML, images alone inline. */
function sendAttachment(reply: FastifyReply, file: { mime: string; original_filename: string }, data: Buffer) {
  const isImage = IMAGE_MIMES.has(file.mime);
  const mime = file.mime === 'text/plain' ? 'text/plain; charset=utf-8' : file.mime;
  const ascii = file.original_filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('Content-Type', mime.includes('html') ? 'application/octet-stream' : mime)
    .header('Content-Disposition', `${isImage ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.original_filename)}`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, max-age=3600')
    .send(data);
}

import { errorResponses, attachmentResponse } from '../../plugins/responses.js';
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock, bus: app.bus, storage: app.storage };
  const tags = ['chat'];
  app.addHook('onRequest', requireVerified);
  // The hook above guards every route here: each answers 401/403 too.
  const guarded = errorResponses(401, 403);

  // Polled every few seconds: revalidated by ETag (the browser sends If-None-Match), 304 when nothing changed.
  // The ETag names the page (messages.service#openMessagesPage); the answered page is kept under it (page-cache.ts),
  // so an unchanged conversation's poll and its first page without a validator are answered from memory.
  app.get(
    '/messages/index',
    {
      schema: {
        tags,
        querystring: messagesIndexQuerySchema,
        response: { 200: envelopeSchema(messagesPageSchema), 304: z.undefined(), ...guarded, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const startedMs = Date.now();
      const view = await messages.openMessagesPage(deps, currentUser(request).id, request.query);
      const etag = `W/"${view.version}"`;
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(undefined);
      const pages = pageCacheOf(app.bus);
      let page = pages.get(etag);
      if (!page) {
        const { page: payload, senders } = await view.read();
        page = { body: reply.serialize({ status: 'OK' as const, payload }) as string };
        pages.keep(etag, page, { topicId: view.topicId, users: [...view.users, ...senders] }, startedMs);
      }
      return sendPage(request, reply as FastifyReply, pages, etag, page);
    },
  );

  const uploads = createUploadSlots();

  /**
   * A multipart send: its fields first (topic_id, content, client_id, types[]), then attachments[]. The seat and
   * coins are checked at the first file, before it is read; files stream to a temporary directory with the size
   * cap enforced as they arrive; uploads running at once are capped per user and per address (429). Nothing of
   * a refused body is kept: an oversized or malformed one also closes the connection.
   */
  async function readUpload(request: FastifyRequest, reply: FastifyReply, user: UserRow, dir: string) {
    try {
      return await readMessageForm(request, {
        dir,
        beforeFiles: async ({ fields, types }) => {
          const parsed = createMessageBodySchema.safeParse(fields);
          if (!parsed.success) throw validationFailure(parsed.error.issues);
          await messages.precheckUpload(deps, user, { topicId: parsed.data.topic_id, content: parsed.data.content, types });
        },
      });
    } catch (error) {
      // More than the cap, or malformed: stop reading. Refusals a browser meets (coins, seat) are answered at
      // once and the rest of the body is drained unread, so the browser can show the answer.
      const isAbuse = error instanceof AppError && (error.code === 'PAYLOAD_TOO_LARGE' || error.code === 'BAD_REQUEST');
      if (!request.raw.readableEnded) {
        if (isAbuse) reply.header('connection', 'close');
        // The parser waits for someone to read the file it stopped at: take the body away from it and discard it.
        request.raw.unpipe();
        request.raw.resume();
      }
      throw error;
    }
  }

  async function send(user: UserRow, fields: unknown, form: Pick<MessageForm, 'files' | 'types'>) {
    const parsed = createMessageBodySchema.safeParse(fields);
    if (!parsed.success) throw validationFailure(parsed.error.issues);
    const files = checkFiles(form.files, form.types);
    const result = await messages.sendMessage(deps, user, {
      topicId: parsed.data.topic_id,
      content: parsed.data.content,
      clientId: parsed.data.client_id,
      files,
    });
    const crisis = result.crisis ? { crisis: result.crisis } : {};
    if ('held' in result)
      return { status: 'OK' as const, message: texts.contentRules.heldNotice, payload: { held: result.held, balance: result.balance, ...crisis } };
    return { status: 'OK' as const, payload: { message: result.message, balance: result.balance, ...crisis } };
  }

  // JSON {topic_id, content} or multipart with topic_id, content, client_id, types[] and then attachments[].
  app.post(
    '/messages/create',
    {
      schema: {
        tags,
        description: 'JSON, or multipart/form-data whose fields (topic_id, content, client_id, types[]) come before its attachments[].',
        // A message, or (issue 15) a message held for review that only its sender sees, as 'Pending review'.
        response: {
          200: envelopeSchema(sendMessagePayloadSchema),
          ...guarded,
          ...errorResponses(402, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!request.isMultipart()) return send(user, request.body, { files: [], types: [] });
      let release: () => void;
      try {
        release = uploads.acquire(user.id, request.ip);
      } catch (error) {
        reply.header('connection', 'close');
        throw error;
      }
      let dir: string | undefined;
      try {
        dir = await mkdtemp(join(tmpdir(), 'parley-upload-'));
        const form = await readUpload(request, reply, user, dir);
        return await send(user, form.fields, form);
      } finally {
        release();
        if (dir) await rm(dir, { recursive: true, force: true });
      }
    },
  );

  // The sender's own messages waiting for a moderator in a topic (issue 15).
  app.get(
    '/messages/held',
    { schema: { tags, querystring: heldMessagesQuerySchema, response: { 200: envelopeSchema(z.object({ data: z.array(heldMessageSchema) })), ...guarded } } },
    async (request) => ({
      status: 'OK' as const,
      payload: { data: await listOwnPending(app.db, currentUser(request).id, request.query.topic_id) },
    }),
  );

  app.get('/messages/attachment-costs', { schema: { tags, response: { 200: envelopeSchema(attachmentCostsSchema), ...guarded } } }, async () => ({
    status: 'OK' as const,
    payload: await messages.loadAttachmentCosts(app.db),
  }));

  app.get(
    '/attachments/:id',
    { schema: { tags, params: idParamSchema, response: { 200: attachmentResponse, ...guarded, ...errorResponses(404) } } },
    async (request, reply) => {
      const attachment = await messages.getAttachmentForViewer(app, currentUser(request).id, request.params.id);
      const data = await app.storage.get(attachment.path);
      if (!data) throw new AppError('NOT_FOUND', texts.common.routeNotFound);
      return sendAttachment(reply, attachment, data);
    },
  );
};
