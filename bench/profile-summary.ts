/**
 * tsx bench/profile-summary.ts <file.cpuprofile> [top] — self time by function and by package, from a
 * profile written with BENCH_CPU_PROF=<dir> npm run bench (or node --cpu-prof).
 */
import { readFileSync } from 'node:fs';
import { layerTable } from './profile-layers.js';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}
const [file, top = '30'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file!, 'utf8')) as { nodes: Node[] };
const total = profile.nodes.reduce((n, x) => n + x.hitCount, 0);
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const node of profile.nodes) {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(apps|packages)\//, '$1/');
  byFunction.set(
    `${functionName || '(anonymous)'} ${where}:${lineNumber}`,
    (byFunction.get(`${functionName || '(anonymous)'} ${where}:${lineNumber}`) ?? 0) + node.hitCount,
  );
  const pkg = url.includes('node_modules/')
    ? url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')
    : url.startsWith('node:') || url === ''
      ? url || '(native/gc)'
      : 'ours';
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + node.hitCount);
}
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, hits] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(top)))
    console.log(`${((hits / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
};
console.log(`\nself time by layer\n${layerTable([{ name: file!, nodes: profile.nodes }])}`);
print('self time by package', byPackage);
print('self time by function', byFunction);
