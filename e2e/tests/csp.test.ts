import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createVerifiedUser } from '../support/api.js';
import { launchBrowser, newContext } from '../support/browser.js';
import { signInThroughUi } from '../support/ui.js';

/**
 * Issue 31 #12: the app runs under its own CSP with nothing refused (no library needs eval; zod's
 * JIT probe was one violation on every page), and a page can open WebSockets to its own origin only.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('content security policy in the browser', () => {
  it('no page needs eval or anything else the policy refuses, signed out and in', async () => {
    const context = await newContext(browser, baseUrl);
    const violations: string[] = [];
    await context.exposeFunction('reportViolation', (line: string) => violations.push(line));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { reportViolation: (line: string) => void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
        ),
      );
    });
    const page = await context.newPage();
    for (const path of ['/', '/auth', '/faq']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    const user = await createVerifiedUser(baseUrl, 'csp');
    await signInThroughUi(page, user.email, user.password);
    for (const path of ['/account', '/rooms']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
    await context.close();
  });

  it('lets a page open a WebSocket to its own origin and to no other host', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto('/');
    const result = await page.evaluate(async () => {
      const refused: string[] = [];
      document.addEventListener('securitypolicyviolation', (event) => refused.push(event.blockedURI));
      const attempt = (url: string) =>
        new Promise<string>((resolve) => {
          try {
            const socket = new WebSocket(url);
            // Not signed in: our server accepts the upgrade and closes with 4401. A refused one only errs.
            socket.onclose = (event) => resolve(`closed ${event.code}`);
            socket.onerror = () => setTimeout(() => resolve('error'), 500);
          } catch {
            resolve('thrown');
          }
        });
      const own = await attempt(`${location.origin.replace(/^http/, 'ws')}/api/ws`);
      const elsewhere = await attempt('ws://127.0.0.2:9/api/ws');
      await new Promise((resolve) => setTimeout(resolve, 200));
      return { own, elsewhere, refused };
    });
    expect(result.own).toBe('closed 4401');
    expect(result.refused).toEqual(['ws://127.0.0.2:9/api/ws']);
    await context.close();
  });
});
