/* global process, console */
// `npm start`, `npm run migrate|seed|admin:create|applications|payout-key|ledger:check` from a checkout:
// runs the release directory's entry (release/<entry>.js, plain Node, in this same process), building
// the release first only when it is missing or older than the sources. A deployed host runs the
// entries directly (`node /opt/parley/current/server.js`); see docs/OPERATIONS.md.
//
//   node scripts/release.mjs <entry> [args…]
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const release = join(root, 'release');
const [entry, ...args] = process.argv.slice(2);
if (!entry || !/^[a-z-]+$/.test(entry)) {
  console.error('usage: node scripts/release.mjs <server|maintenance|admin-create|applications|payout-key|ledger-check|backup-mark> [args…]');
  process.exit(2);
}

/** Newest modification time under the folders a release is built from. */
function newest(dir) {
  let latest = 0;
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    if (item.name === 'node_modules' || item.name === 'dist' || item.name.startsWith('.')) continue;
    const path = join(dir, item.name);
    latest = Math.max(latest, item.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const file = join(release, `${entry}.js`);
const sources = ['apps/server/src', 'apps/server/scripts', 'packages/contracts/src', 'apps/web/src', 'apps/web/index.html', 'package-lock.json'];
const builtAt = existsSync(file) ? statSync(file).mtimeMs : 0;
const stale =
  !builtAt ||
  sources.some((source) => {
    const path = join(root, source);
    return existsSync(path) && (statSync(path).isDirectory() ? newest(path) : statSync(path).mtimeMs) > builtAt;
  });
if (stale) {
  console.error(builtAt ? 'release/ is older than the sources: building it (npm run build)' : 'release/ is not built yet: building it (npm run build)');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

process.argv = [process.argv[0], file, ...args];
await import(pathToFileURL(file).href);
