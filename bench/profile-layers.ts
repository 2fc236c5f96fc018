/**
 * Self time of a V8 CPU profile grouped by layer (issue 38 §4): where a request's CPU goes — the framework,
 * validation, the session, serialization, Kysely, the database driver, our own code, Node's core and the
 * runtime (GC, native, idle). Used by bench/profile.ts and bench/profile-summary.ts.
 */
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}

export const LAYERS = [
  'framework',
  'validation',
  'session',
  'serialization',
  'Kysely',
  'driver',
  'our code',
  'Node core (http, net, streams)',
  'runtime (GC, native)',
  'idle',
] as const;
export type Layer = (typeof LAYERS)[number];

const packageOf = (url: string) => /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1];

const FRAMEWORK =
  /^(fastify|@fastify\/(?!compress)|find-my-way|avvio|light-my-request|fast-querystring|fast-decode-uri-component|secure-json-parse|proxy-addr|forwarded|toad-cache|abstract-logging|pino|process-warning|rfdc|fastq|content-type|ipaddr\.js|cookie|ws)/;
const VALIDATION = /^(zod|fastify-type-provider-zod|ajv|@fastify\/ajv-compiler|fast-uri|json-schema-traverse)/;
const SERIALIZATION =
  /^(fast-json-stringify|@fastify\/compress|@fastify\/fast-json-stringify-compiler|fast-json-stable-stringify|minipass|pumpify|duplexify|peek-stream)/;
const DRIVER =
  /^(better-sqlite3|bindings|pg|pg-protocol|pg-pool|pg-types|pgpass|postgres-array|postgres-bytea|postgres-date|postgres-interval|buffer-writer|packet-reader|ioredis|redis-parser|@ioredis\/)/;

const NATIVE_DRIVER = new Set(['all', 'run', 'get', 'iterate', 'raw', 'pluck', 'prepare', 'exec', 'pragma']);
const NATIVE_IO = new Set(['writev', 'writeBuffer', 'writeUtf8String', 'writeLatin1String', 'onStreamRead', 'shutdown', 'close']);

/** The layer a frame's self time belongs to, by the file it runs in. */
export function layerOf(frame: ProfileNode['callFrame']): Layer {
  const { url, functionName } = frame;
  if (functionName === '(idle)') return 'idle';
  // Native frames have no file: better-sqlite3's statements run in them, and so do socket writes.
  if (url === '') {
    if (NATIVE_DRIVER.has(functionName)) return 'driver';
    if (NATIVE_IO.has(functionName)) return 'Node core (http, net, streams)';
    return 'runtime (GC, native)';
  }
  if (url.startsWith('node:')) return /zlib/.test(url) ? 'serialization' : 'Node core (http, net, streams)';
  const pkg = packageOf(url);
  if (pkg) {
    if (pkg === 'kysely') return 'Kysely';
    if (VALIDATION.test(pkg)) return 'validation';
    if (SERIALIZATION.test(pkg)) return 'serialization';
    if (DRIVER.test(pkg)) return 'driver';
    if (FRAMEWORK.test(pkg)) return 'framework';
    return 'framework';
  }
  // Our files: the session and serialization plumbing by name, the rest is ours (packages/contracts' schemas count as validation).
  if (/\/plugins\/session[^/]*\.ts|\/modules\/auth\/session[^/]*\.ts/.test(url)) return 'session';
  if (/\/plugins\/(serializer|responses)\.ts|\/messages\/page-cache\.ts/.test(url)) return 'serialization';
  if (/\/db\/(prepared|connect|group-commit)\.ts|\/plugins\/cache-writes\.ts|\/db\/write-invalidations\.ts/.test(url)) return 'Kysely';
  if (/\/packages\/contracts\//.test(url)) return 'validation';
  return 'our code';
}

/** Self-time share (0..1) of each layer, idle left out of the total (what the CPU did while busy). */
export function selfTimeByLayer(nodes: ProfileNode[]): Map<Layer, number> {
  const hits = new Map<Layer, number>(LAYERS.map((l) => [l, 0]));
  for (const node of nodes) {
    const layer = layerOf(node.callFrame);
    hits.set(layer, hits.get(layer)! + node.hitCount);
  }
  const busy = [...hits].filter(([l]) => l !== 'idle').reduce((n, [, h]) => n + h, 0);
  return new Map([...hits].filter(([l]) => l !== 'idle').map(([l, h]) => [l, busy === 0 ? 0 : h / busy]));
}

/** A markdown table: one column per profile, one row per layer, shares of busy CPU time. */
export function layerTable(profiles: { name: string; nodes: ProfileNode[] }[]): string {
  const shares = profiles.map((p) => selfTimeByLayer(p.nodes));
  const busy = profiles.map((p) => p.nodes.filter((n) => n.callFrame.functionName !== '(idle)').reduce((n, x) => n + x.hitCount, 0));
  const idle = profiles.map((p, i) => {
    const all = p.nodes.reduce((n, x) => n + x.hitCount, 0);
    return all === 0 ? 0 : 1 - busy[i]! / all;
  });
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  return [
    `| layer (share of busy CPU, self time) | ${profiles.map((p) => p.name).join(' | ')} |`,
    `|---|${profiles.map(() => '---').join('|')}|`,
    ...LAYERS.filter((l) => l !== 'idle').map((layer) => `| ${layer} | ${shares.map((s) => pct(s.get(layer) ?? 0)).join(' | ')} |`),
    `| (idle, of all samples) | ${idle.map(pct).join(' | ')} |`,
  ].join('\n');
}
