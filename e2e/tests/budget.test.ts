import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.js';

/** Issue #10 "Browser budgets": the home page's initial JavaScript stays under 150 KB gzip. */
const budgetBytes = 150 * 1024;
const dist = resolve(import.meta.dirname, '../../apps/web/dist');
const baseUrl = inject('baseUrl');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** The entry's JS files and everything it imports statically (what the browser must fetch before the app runs). */
function initialFiles(): string[] {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest['index.html'];
  if (!entry?.isEntry) throw new Error('apps/web/dist/.vite/manifest.json has no index.html entry (is build.manifest on?)');
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit('index.html');
  return [...files].filter((file) => file.endsWith('.js'));
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('home page JavaScript budget', () => {
  it('keeps the entry chunk and its static imports under 150 KB gzip (build manifest)', () => {
    const files = initialFiles();
    const sizes = files.map((file) => ({ file, gzip: gzipSize(file) }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    console.log(`home initial JS (manifest): ${kb(total)} gzip of ${kb(budgetBytes)}\n${sizes.map(({ file, gzip }) => `  ${file} ${kb(gzip)}`).join('\n')}`);
    expect(files.length).toBeGreaterThan(0);
    expect(total).toBeLessThan(budgetBytes);
  });

  it('keeps the JavaScript a browser downloads for / under 150 KB gzip', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === new URL(baseUrl).origin && url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    // Every script the home page fetched, measured the way the budget counts it (gzip of the built file).
    const sizes = [...scripts].map((path) => ({ path, gzip: gzipSize(path.replace(/^\//, '')) }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    console.log(`home JS loaded by the browser: ${kb(total)} gzip\n${sizes.map(({ path, gzip }) => `  ${path} ${kb(gzip)}`).join('\n')}`);
    expect(sizes.length).toBeGreaterThan(0);
    // The browser fetched at least the manifest's initial files, so the manifest walk above misses nothing.
    for (const file of initialFiles()) expect([...scripts]).toContain(`/${file}`);
    expect(total).toBeLessThan(budgetBytes);
    await context.close();
  });
});
