import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient } from './client.js';
import { createSignedInUser } from './factories.js';
import { createTestContext, dialects, type TestContext } from './harness.js';

/**
 * Ids beyond PostgreSQL's `integer` (2^31 − 1) answered 500 there (issue 30 #7). Every id in a path,
 * query or body is range-checked by the contract: 404/422, never a 5xx. The routes and their
 * fields are read from the app (the route list and the OpenAPI document), so new ones are covered.
 */
const BIG = ['2147483648', '99999999999'];
const SKIP = [/^\/api\/docs/, /^\/api\/logout$/, /^\/api\/ws$/, /^\/api\/account\/delete/];
const isIdName = (name: string) => /(^id|_id|Id|^ids|_ids)$/.test(name);

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface Operation {
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** A value that passes the schema where it can, with every id-like field set to `big`. */
function plausible(schema: JsonSchema | undefined, name: string, big: string): unknown {
  if (!schema) return isIdName(name) ? Number(big) : 'x';
  const variant = schema.anyOf?.find((s) => s.type !== 'null') ?? schema.oneOf?.find((s) => s.type !== 'null');
  if (variant) return plausible(variant, name, big);
  const type = [schema.type].flat().find((t) => t !== 'null');
  if (schema.enum?.length) return schema.enum[0];
  if (type === 'integer' || type === 'number') return isIdName(name) ? Number(big) : Math.max(schema.minimum ?? 1, 1);
  if (type === 'boolean') return true;
  if (type === 'array') return [plausible(schema.items, name.replace(/s$/, ''), big)];
  if (type === 'object' || schema.properties)
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, plausible(value, key, big)]));
  if (isIdName(name)) return big;
  if (schema.format === 'email') return 'someone@example.com';
  const length = Math.min(Math.max(schema.minLength ?? 0, 10), schema.maxLength ?? 10);
  return 'Abcdef1234xyz'.slice(0, length).padEnd(length, 'x');
}

describe.each(dialects)('ids beyond 2^31 on %s', (dialect) => {
  let ctx: TestContext;
  let clients: { who: string; client: TestClient }[];
  let operations: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: { RATE_LIMIT_GLOBAL_MAX: '1000000' } });
    const user = await createSignedInUser(ctx.app, { coins: 1000 });
    const admin = await createSignedInUser(ctx.app, { role: 'admin' });
    clients = [
      { who: 'user', client: user.client },
      { who: 'admin', client: admin.client },
    ];
    operations = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, Operation>> }>().paths;
  });
  afterAll(() => ctx.close());

  it('answers 4xx (never 5xx) to every route with each id too large, for a user and an admin', { timeout: 120_000 }, async () => {
    const routes = ctx.app.routeList.filter(
      (route) => route.url.startsWith('/api/') && ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && !SKIP.some((s) => s.test(route.url)),
    );
    const failures: string[] = [];
    let withIds = 0;
    for (const route of routes) {
      const operation = operations[route.url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const query = (operation?.parameters ?? []).filter((p) => p.in === 'query');
      const bodySchema = operation?.requestBody?.content?.['application/json']?.schema;
      const hasIds = route.url.includes(':') || query.some((p) => isIdName(p.name)) || Object.keys(bodySchema?.properties ?? {}).some(isIdName);
      if (!hasIds) continue;
      withIds += 1;
      for (const big of BIG)
        for (const { who, client } of clients) {
          const path = route.url.replace(/:[A-Za-z_]+/g, big);
          const search = new URLSearchParams(query.map((p) => [p.name, String(plausible(p.schema, p.name, big))])).toString();
          const url = search ? `${path}?${search}` : path;
          const response =
            route.method === 'GET' || route.method === 'DELETE'
              ? await client.request(route.method, url)
              : await client.request(route.method as 'POST', url, { body: plausible(bodySchema, '', big) ?? {} });
          // 2xx only where the id is one the route ignores (lang_id on routes without texts).
          if (response.statusCode >= 500 || !['OK', 'ERROR'].includes(response.body.status))
            failures.push(`${who} ${route.method} ${url} → ${response.statusCode} ${JSON.stringify(response.body).slice(0, 160)}`);
        }
    }
    expect(withIds).toBeGreaterThan(30);
    expect(failures).toEqual([]);
  });

  it('bounds every integer id the API documents to a 32-bit column', () => {
    const unbounded: string[] = [];
    const visit = (schema: JsonSchema | undefined, where: string) => {
      if (!schema) return;
      for (const variant of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) visit(variant, where);
      const type = [schema.type].flat();
      if ((type.includes('integer') || type.includes('number')) && /(^|\.)(\w*id|\w*_ids|\w*Id|ids)(\[\])?$/.test(where) && !(schema.maximum! <= 2147483647))
        unbounded.push(where);
      if (schema.items) visit(schema.items, `${where}[]`);
      for (const [key, value] of Object.entries(schema.properties ?? {})) visit(value, `${where}.${key}`);
    };
    for (const [path, methods] of Object.entries(operations))
      for (const [method, operation] of Object.entries(methods)) {
        for (const parameter of operation.parameters ?? []) visit(parameter.schema, `${method} ${path} ${parameter.in}.${parameter.name}`);
        visit(operation.requestBody?.content?.['application/json']?.schema, `${method} ${path} body`);
      }
    expect(unbounded).toEqual([]);
  });
});
