import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';
import { saveSettings } from './settings.service.js';

describe.each(dialects)('tag script on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx.close());

  it('serves an empty script by default, as JavaScript', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/tag-script.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/javascript/);
    expect(response.body).toBe('');
  });

  it('serves the settings tag script without wrapping <script> tags, uncached', async () => {
    await saveSettings(ctx.db, { tag_script: '<script async>window.dataLayer = window.dataLayer || [];</script>' });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/tag-script.js' });
    expect(response.body).toBe('window.dataLayer = window.dataLayer || [];');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
