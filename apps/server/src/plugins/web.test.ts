import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

describe('serving the built web app', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  const dist = mkdtempSync(join(tmpdir(), 'parley-dist-'));
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    writeFileSync(join(dist, 'assets', 'big-1.js'), `export const words = ${JSON.stringify('parley '.repeat(2000))};`);
    ctx = await createTestContext('sqlite');
    app = await ctx.buildAnother({ serveWeb: true, config: { ...ctx.config, webDist: dist } });
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves files, with long caching for hashed assets', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toContain('immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['content-type']).toMatch(/svg/);
  });

  it('gzips large assets for clients that accept it, and leaves them alone for the others', async () => {
    const zipped = await app.inject({ method: 'GET', url: '/assets/big-1.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(2000);
    expect(gunzipSync(zipped.rawPayload).toString()).toContain('parley parley');
    const plain = await app.inject({ method: 'GET', url: '/assets/big-1.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(14_000);
  });

  it('serves files added after start (a rebuild while running)', async () => {
    writeFileSync(join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-2.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(2)');
  });

  it('answers every other path with index.html (SPA fallback), never a file outside dist', async () => {
    for (const url of ['/', '/rooms/3/topics', '/account?tab=personal', '/../package.json', '/%2e%2e/%2e%2e/package.json', '/assets/missing.js']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root">');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('keeps the API 404 envelope for unknown API paths', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 'ERROR', payload: null });
    const post = await app.inject({ method: 'POST', url: '/whatever', payload: {} });
    expect(post.statusCode).toBe(404);
  });
});
