import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type FastifyInstance } from 'fastify';

/**
 * Issue 32 §2: every status a route answers anywhere in the suite must be one its schema declares. Each test
 * worker appends `METHOD url status declared hasSuccess` lines (one per new combination) to a file of its own
 * in PARLEY_STATUS_DIR (test/global-setup.ts creates it); the global teardown compares them.
 */
export const STATUS_DIR_ENV = 'PARLEY_STATUS_DIR';

export function recordAnsweredStatuses(app: FastifyInstance) {
  const dir = process.env[STATUS_DIR_ENV];
  if (!dir) return;
  const file = join(dir, `statuses-${process.pid}.log`);
  const seen = new Set<string>();
  app.addHook('onResponse', (request, reply, done) => {
    const url = request.routeOptions.url;
    if (url?.startsWith('/api/') && !url.startsWith('/api/docs')) {
      const key = `${request.method} ${url} ${reply.statusCode}`;
      if (!seen.has(key)) {
        seen.add(key);
        const declared = Object.keys((request.routeOptions.schema?.response ?? {}) as Record<string, unknown>);
        const hasSuccess = declared.some((status) => status.startsWith('2'));
        mkdirSync(dir, { recursive: true });
        appendFileSync(file, `${key} ${declared.includes(String(reply.statusCode)) ? 1 : 0} ${hasSuccess ? 1 : 0}\n`);
      }
    }
    done();
  });
}

export interface UndeclaredStatus {
  method: string;
  url: string;
  status: number;
}

/**
 * The statuses answered but not declared, over every worker's file. A route that declares no success schema
 * yet (the route walk's pending list, test/openapi-contract.test.ts) is that test's business, not this one's.
 */
export function undeclaredStatuses(dir: string): UndeclaredStatus[] {
  const found = new Map<string, UndeclaredStatus>();
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((name) => name.startsWith('statuses-'));
  } catch {
    return [];
  }
  for (const name of files) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      const [method, url, status, declared, hasSuccess] = line.split(' ');
      if (!method || !url || declared !== '0' || hasSuccess !== '1') continue;
      found.set(`${method} ${url} ${status}`, { method, url, status: Number(status) });
    }
  }
  return [...found.values()].sort((a, b) => `${a.url}${a.method}${a.status}`.localeCompare(`${b.url}${b.method}${b.status}`));
}
