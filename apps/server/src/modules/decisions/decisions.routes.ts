import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  complaintParamsSchema,
  complaintSummarySchema,
  contestTokenParamsSchema,
  createComplaintBodySchema,
  decisionStatementSchema,
  decisionStatementsPayloadSchema,
  envelopeSchema,
  texts,
} from '@parley/contracts';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validationFailure } from '../../plugins/errors.js';
import { errorResponses } from '../../plugins/responses.js';
import { currentUser, requireAuth } from '../../plugins/session.js';
import { checkFiles, createUploadSlots, readMessageForm } from '../messages/message-upload.js';
import * as decisions from './decisions.service.js';

const tags = ['decisions'];

const parseComplaint = (fields: unknown) => {
  const parsed = createComplaintBodySchema.safeParse(fields);
  if (!parsed.success) throw validationFailure(parsed.error.issues);
  return parsed.data;
};

/**
 * Account → My decisions (issue 36 §2): statements of reasons, and contesting one, signed in or (a banned
 * person) through the secret link of the statement's mail.
 */
export const decisionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = errorResponses(401, 403);
  const uploads = createUploadSlots();
  const filedResponse = { 201: envelopeSchema(complaintSummarySchema), ...errorResponses(404, 409, 429) };

  /** JSON {text}, or multipart: `text` first, then one optional file checked like a chat upload. */
  async function fileFrom(request: FastifyRequest, reply: FastifyReply, owner: { userId: number; statementId: number }) {
    const answer = (payload: Awaited<ReturnType<typeof decisions.fileComplaint>>) =>
      reply.code(201).send({ status: 'OK' as const, message: texts.decisions.complaintSent, payload });
    if (!request.isMultipart())
      return answer(await decisions.fileComplaint(app, owner.userId, owner.statementId, parseComplaint(request.body).text, undefined));
    const release = uploads.acquire(owner.userId, request.ip);
    let dir: string | undefined;
    try {
      dir = await mkdtemp(join(tmpdir(), 'parley-complaint-'));
      const form = await readMessageForm(request, { dir, beforeFiles: async ({ fields }) => void parseComplaint(fields) });
      const { text } = parseComplaint(form.fields);
      const [file] = checkFiles(form.files.slice(0, 1), form.types.slice(0, 1));
      return answer(await decisions.fileComplaint(app, owner.userId, owner.statementId, text, file));
    } finally {
      release();
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  }

  app.get(
    '/user/decisions',
    { schema: { tags, response: { 200: envelopeSchema(decisionStatementsPayloadSchema), ...guarded } }, preHandler: requireAuth },
    async (request) => ({
      status: 'OK' as const,
      payload: { statements: await decisions.listMyStatements(app.db, app.clock, currentUser(request).id) },
    }),
  );

  app.post(
    '/user/decisions/:id/complaint',
    {
      schema: {
        tags,
        params: complaintParamsSchema,
        description: 'JSON {text}, or multipart/form-data with `text` first and then one optional `attachments[]` file (checked like a chat upload).',
        response: { ...filedResponse, ...guarded },
      },
      preHandler: requireAuth,
    },
    async (request, reply) => fileFrom(request, reply, { userId: currentUser(request).id, statementId: request.params.id }),
  );

  app.get(
    '/decisions/contest/:token',
    { schema: { tags, params: contestTokenParamsSchema, response: { 200: envelopeSchema(decisionStatementSchema), ...errorResponses(404) } } },
    async (request) => ({ status: 'OK' as const, payload: await decisions.getStatementByToken(app.db, app.clock, request.params.token) }),
  );

  app.post(
    '/decisions/contest/:token/complaint',
    {
      schema: {
        tags,
        params: contestTokenParamsSchema,
        description: 'Contesting through the link of a statement’s mail (a banned person cannot sign in); the body as for /user/decisions/{id}/complaint.',
        response: filedResponse,
      },
    },
    async (request, reply) => fileFrom(request, reply, await decisions.findTokenOwner(app.db, request.params.token)),
  );
};
