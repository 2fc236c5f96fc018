// Compiles the server for `npm start`: one ESM bundle per entry (our code and the contracts),
// dependencies left to node_modules. Bundles sit one level under apps/server, like src/config.ts,
// so the paths config.ts resolves (data/, the web build) are the same compiled or not.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { dependencies?: Record<string, string> };
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@parley/'));

await build({
  entryPoints: {
    server: 'src/server.ts',
    maintenance: 'src/cli/maintenance.ts',
    'admin-create': 'src/cli/admin-create.ts',
    applications: 'src/cli/applications.ts',
    'payout-key': 'src/cli/payout-key.ts',
    'backup-mark': 'src/cli/backup-mark.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
console.log('server compiled to apps/server/dist');
