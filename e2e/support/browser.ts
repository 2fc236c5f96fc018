import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
const artifacts = resolve(import.meta.dirname, '../../.e2e-artifacts');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newContext(browser: Browser, baseURL: string, options: { mobile?: boolean } = {}): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: options.mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    isMobile: options.mobile ?? false,
    hasTouch: options.mobile ?? false,
  });
}

/** Saves a screenshot under .e2e-artifacts/ (kept out of git) for a person to look at. */
export async function snap(page: Page, name: string) {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

/** Reads the newest mail to `to` from the dev mailbox and returns the first link in it that contains `path`. */
export async function mailLink(baseURL: string, to: string, path: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const response = await fetch(`${baseURL}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
    const body = (await response.json()) as { payload: { text: string }[] };
    const link = body.payload[0]?.text.match(new RegExp(`https?://\\S*${path}\\S*`))?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail with ${path} for ${to}`);
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
