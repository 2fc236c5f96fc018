import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.js';

interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type Paths = Record<string, Record<string, Operation>>;

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
/** Hidden from the document on purpose: the WebSocket upgrade (decision 005) and the development mailbox. */
const HIDDEN = new Set(['GET /api/ws', 'GET /api/dev/mailbox']);

/**
 * Issue 32 §2, the route walk: every operation of the OpenAPI document (`/api/docs/json`) declares a 2xx
 * response schema and the error statuses any route of its kind answers. What the routes answer across
 * the suite is checked against their declarations by test/global-setup.ts (test/answered-statuses.ts).
 */
describe('the OpenAPI document declares what every operation answers', () => {
  let ctx: TestContext;
  let paths: Paths;
  const operations: { key: string; operation: Operation }[] = [];
  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    paths = (response.json() as { paths: Paths }).paths;
    for (const [path, item] of Object.entries(paths))
      for (const [method, operation] of Object.entries(item)) if (METHODS.has(method)) operations.push({ key: `${method.toUpperCase()} ${path}`, operation });
  });
  afterAll(() => ctx.close());

  it('covers every registered /api route', () => {
    const documented = new Set(operations.map(({ key }) => key));
    const routes = ctx.app.routeList
      .filter(({ method, url }) => url.startsWith('/api/') && !url.startsWith('/api/docs') && METHODS.has(method.toLowerCase()))
      .map(({ method, url }) => `${method} ${url.replace(/:(\w+)/g, '{$1}')}`);
    expect(routes.filter((route) => !documented.has(route) && !HIDDEN.has(route))).toEqual([]);
    expect(operations.length).toBeGreaterThan(150);
  });

  it('every operation declares a 2xx response schema', () => {
    const hasSuccessSchema = ({ operation }: { operation: Operation }) =>
      Object.entries(operation.responses ?? {}).some(([status, response]) => /^2\d\d$/.test(status) && (status === '204' || response.content !== undefined));
    expect(
      operations.filter((entry) => entry.key.includes(' /api/') && !hasSuccessSchema(entry)).map(({ key }) => key),
      'operations without a 2xx response schema',
    ).toEqual([]);
  });

  it('every operation declares the errors of its kind in the one envelope', () => {
    const problems: string[] = [];
    for (const { key, operation } of operations) {
      if (!key.includes(' /api/')) continue;
      const statuses = Object.keys(operation.responses ?? {});
      const needs = ['400', '429', '500', '503'];
      if (operation.security && operation.security.length > 0) needs.push('401', '403');
      if (operation.requestBody || (operation.parameters ?? []).length > 0) needs.push('422');
      for (const status of needs) if (!statuses.includes(status)) problems.push(`${key} does not declare ${status}`);
      // A page for people (the digest's unsubscribe link) answers its refusal as a page too, not as JSON.
      const isPage = operation.responses?.['200']?.content?.['text/html'] !== undefined;
      for (const status of statuses.filter((s) => /^[45]/.test(s))) {
        if (isPage && status === '400' && operation.responses?.[status]?.content?.['text/html']) continue;
        const schema = JSON.stringify(operation.responses?.[status]?.content?.['application/json']?.schema ?? {});
        if (!schema.includes('"ERROR"')) problems.push(`${key} ${status} is not the error envelope`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('files, pages, images and scripts declare their real media types, not JSON', () => {
    const contentOf = (key: string) => Object.keys(operations.find((entry) => entry.key === key)?.operation.responses?.['200']?.content ?? {});
    expect(contentOf('GET /api/receipts/{source}/{id}')).toEqual(['application/pdf']);
    expect(contentOf('GET /api/ledger/statement')).toEqual(['text/csv']);
    expect(contentOf('GET /api/user/export')).toEqual(['application/zip']);
    expect(contentOf('GET /api/tag-script.js')).toEqual(['application/javascript']);
    expect(contentOf('GET /api/notifications/unsubscribe')).toEqual(['text/html']);
    expect(contentOf('GET /api/attachments/{id}')).toContain('image/*');
    const binaryAsJson = operations.filter(({ operation }) =>
      Object.values(operation.responses ?? {}).some((response) => JSON.stringify(response.content?.['application/json'] ?? {}).includes('"binary"')),
    );
    expect(binaryAsJson.map(({ key }) => key)).toEqual([]);
  });

  it('operation ids are unique; every operation has a summary', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(operations.filter(({ operation }) => !operation.summary?.trim()).map(({ key }) => key)).toEqual([]);
    expect(paths['/api/messages/create']?.post?.operationId).toBe('sendMessage');
  });
});
