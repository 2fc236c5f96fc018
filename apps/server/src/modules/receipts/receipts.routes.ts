import { receiptParamsSchema, statementQuerySchema } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAuth } from '../../plugins/session.js';
// The issuer's sweep (receipts.issue) and the mail job register when loaded: this module owns them.
import './receipts.issuer.js';
import { getReceiptPdf } from './receipts.service.js';
import { ledgerStatementCsv } from './statement.service.js';

/** Downloads: a payment's PDF receipt (its owner only) and the user's ledger statement as CSV. */
import { csvResponse, errorResponses, pdfResponse } from '../../plugins/responses.js';
export const receiptsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['coins'];
  const attachment = (filename: string) => `attachment; filename="${filename}"`;

  app.get(
    '/receipts/:source/:id',
    { schema: { tags, params: receiptParamsSchema, response: { 200: pdfResponse, ...errorResponses(404) } }, preValidation: requireAuth },
    async (request, reply) => {
      const { filename, pdf } = await getReceiptPdf(app.db, currentUser(request).id, request.params.source, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachment(filename))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    '/ledger/statement',
    { schema: { tags, querystring: statementQuerySchema, response: { 200: csvResponse } }, preValidation: requireAuth },
    async (request, reply) => {
      const { filename, csv } = await ledgerStatementCsv(app.db, currentUser(request).id, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(filename))
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};
