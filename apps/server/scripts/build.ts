// `npm run build` (after the web app): the release directory, <repository>/release/, self-contained.
//
//   server.js, maintenance.js, admin-create.js, applications.js, payout-key.js, ledger-check.js
//                    ESM bundles of our code, the contracts, the migrations and every pure-JS
//                    dependency (shared code in chunk-*.js beside them), run with plain `node`
//   web/             the built web app (apps/web/dist)
//   node_modules/    only what cannot be bundled: the native modules (better-sqlite3, argon2),
//                    @fastify/swagger-ui (serves files from its own folder) and @fastify/rate-limit
//                    (its stores are require()d at run time), with their dependencies
//   package.json, package-lock.json   those production dependencies, versions as installed here
//   CHANGELOG.md, OPERATIONS.md, deploy/   upgrade notes, the operations guide, systemd and Prometheus files
//
// Nothing in it needs tsx, esbuild, TypeScript or any dev dependency. See decision 032.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '../../..');
// PARLEY_RELEASE_DIR and PARLEY_WEB_DIST move the output and the web build taken (test/release.test.ts).
const out = resolve(process.env.PARLEY_RELEASE_DIR ?? join(root, 'release'));
const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  engines?: Record<string, string>;
}

/**
 * Kept out of the bundles: native code, a package that serves files from its own folder, and one
 * whose stores lib/redis-rate-limit-store.ts loads with require() at run time.
 */
const external = ['better-sqlite3', 'argon2', '@fastify/swagger-ui', '@fastify/rate-limit'];
/** Optional requires of bundled packages, left as they are when not installed here (pg's native binding, …). */
const absent = ['pg-native', '@opentelemetry/api', 'pino-pretty', '@aws-sdk/signature-v4-crt', 'aws-crt'].filter(
  (name) => !existsSync(join(root, 'node_modules', name, 'package.json')),
);

const version = readJson<Manifest>(join(root, 'package.json')).version;
const commit = (() => {
  try {
    const head = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head}-dirty` : head;
  } catch {
    return 'unknown';
  }
})();

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

await build({
  entryPoints: {
    server: 'src/server.ts',
    maintenance: 'src/cli/maintenance.ts',
    'admin-create': 'src/cli/admin-create.ts',
    applications: 'src/cli/applications.ts',
    'payout-key': 'src/cli/payout-key.ts',
    'ledger-check': 'src/cli/ledger-check.ts',
    'backup-mark': 'src/cli/backup-mark.ts',
  },
  absWorkingDir: resolve(import.meta.dirname, '..'),
  outdir: out,
  // Chunks beside the entries: import.meta.dirname is the release directory in every file.
  chunkNames: 'chunk-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  minifySyntax: true,
  legalComments: 'linked',
  external: [...external, ...absent],
  define: { __PARLEY_BUILD__: JSON.stringify({ version, commit }) },
  // Bundled CommonJS packages call require() for Node's built-ins and read __dirname.
  banner: {
    js: [
      "import { createRequire as __parleyCreateRequire } from 'node:module';",
      "import { fileURLToPath as __parleyFileURLToPath } from 'node:url';",
      'const require = __parleyCreateRequire(import.meta.url);',
      'const __filename = __parleyFileURLToPath(import.meta.url);',
      'const __dirname = import.meta.dirname;',
    ].join('\n'),
  },
  logLevel: 'warning',
});

const webDist = resolve(process.env.PARLEY_WEB_DIST ?? join(root, 'apps/web/dist'));
if (existsSync(join(webDist, 'index.html'))) cpSync(webDist, join(out, 'web'), { recursive: true });
else console.warn('apps/web/dist is not built: the release serves the API only (run `npm run build` at the repository root)');

// What an operator reads and installs from the release alone: upgrade notes, the guide, deploy/.
for (const [from, to] of [
  ['CHANGELOG.md', 'CHANGELOG.md'],
  ['docs/OPERATIONS.md', 'OPERATIONS.md'],
  ['deploy', 'deploy'],
])
  if (existsSync(join(root, from))) cpSync(join(root, from), join(out, to), { recursive: true });

// The external packages and everything they depend on, copied from the installed tree with the
// lockfile's entries for them (so `npm ci --omit=dev` in the release reproduces the same tree).
const lock = readJson<{ packages: Record<string, Record<string, unknown>> }>(join(root, 'package-lock.json'));
const copied = new Map<string, Record<string, unknown>>();
const locate = (name: string, from: string): string => {
  // Node's lookup: node_modules of the requiring package, then of each parent, then the root.
  for (let dir = from; ; dir = dirname(dirname(dir))) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (existsSync(join(root, candidate, 'package.json'))) return candidate;
    if (!dir) throw new Error(`${name} (needed by ${from || 'the release'}) is not installed`);
    if (!dir.includes('/node_modules/')) return locate(name, '');
  }
};
const copyPackage = (path: string) => {
  if (copied.has(path)) return;
  const entry = lock.packages[path];
  if (!entry) throw new Error(`${path} is not in package-lock.json`);
  copied.set(path, entry);
  // Compiler leftovers of the native modules stay behind (object files, static archives): the .node file is what loads.
  const leftover = /[\\/]build[\\/]Release[\\/](obj|obj\.target|\.deps|[^\\/]+\.a|test_extension\.node)$/;
  cpSync(join(root, path), join(out, path), { recursive: true, dereference: true, filter: (source) => !leftover.test(source) });
  const manifest = readJson<Manifest>(join(root, path, 'package.json'));
  for (const dep of Object.keys(manifest.dependencies ?? {})) copyPackage(locate(dep, path));
  for (const dep of Object.keys(manifest.optionalDependencies ?? {})) {
    try {
      copyPackage(locate(dep, path));
    } catch {
      // an optional dependency not installed on this platform
    }
  }
};
const dependencies: Record<string, string> = {};
for (const name of external) {
  const path = locate(name, '');
  copyPackage(path);
  dependencies[name] = readJson<Manifest>(join(root, path, 'package.json')).version;
}

const manifest = {
  name: 'parley',
  version,
  private: true,
  type: 'module',
  description: `Parley ${version} (${commit}): run with plain node, see docs/OPERATIONS.md`,
  engines: readJson<Manifest>(join(root, 'package.json')).engines,
  dependencies,
};
writeFileSync(join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
const packages: Record<string, Record<string, unknown>> = { '': { name: 'parley', version, dependencies, engines: manifest.engines } };
for (const [path, entry] of [...copied].sort(([a], [b]) => a.localeCompare(b))) {
  const { dev: _dev, devOptional: _devOptional, peer: _peer, ...kept } = entry;
  packages[path] = kept;
}
writeFileSync(join(out, 'package-lock.json'), `${JSON.stringify({ name: 'parley', version, lockfileVersion: 3, requires: true, packages }, null, 2)}\n`);
writeFileSync(
  join(out, 'build-info.json'),
  `${JSON.stringify({ version, commit, node: process.version, platform: `${process.platform}-${process.arch}` }, null, 2)}\n`,
);

console.log(`release ${version} (${commit}) in ${out}`);
