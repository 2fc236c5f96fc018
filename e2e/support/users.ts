import { cookieNames, texts } from '@parley/contracts';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { mailLink, newContext, uniqueEmail } from './browser.js';

export interface TestUser {
  id: number;
  name: string;
  email: string;
  password: string;
}

export interface Envelope<T> {
  status: string;
  payload: T;
  message?: string;
}

/**
 * Signs a fresh user up through the API from inside `context` (so the session cookie
 * lands in the browser): CSRF cookie → register → verify with the dev mailbox link → login.
 * New users start with the sign-up coins (`initial_points`).
 */
export async function signUpVerified(context: BrowserContext, baseUrl: string, prefix: string): Promise<TestUser> {
  const email = uniqueEmail(prefix);
  const password = 'Shopper42x';
  const name = `${prefix[0]!.toUpperCase()}${prefix.slice(1)}`;
  const post = <T>(path: string, data: unknown) => apiPost<T>(context, baseUrl, path, data);

  await context.request.get(`${baseUrl}/api/sanctum/csrf-cookie`);
  const registered = await post<{ email: string }>('/register', {
    name,
    email,
    phone: '+4915112345678',
    phoneCountryCode: '49',
    nationalNumber: '15112345678',
    password,
    password_confirmation: password,
    accept_terms: true,
    confirm_adult: true,
  });
  if (registered.status !== 'VERIFY') throw new Error(`register: ${JSON.stringify(registered)}`);
  const link = new URL(await mailLink(baseUrl, email, '/email-verification'));
  await post('/email/verify', { id: Number(link.searchParams.get('id')), token: link.searchParams.get('token') });
  const login = await post<{ user: { id: number } }>('/login', { email, password });
  if (login.status !== 'OK') throw new Error(`login: ${JSON.stringify(login)}`);
  return { id: login.payload.user.id, name, email, password };
}

/**
 * A new browser context with a fresh signed-in user, on the home page with the cookie
 * banner answered (as a user would first: the banner stacks above modals).
 */
export async function signedInPage(browser: Browser, baseUrl: string, prefix: string): Promise<{ context: BrowserContext; page: Page; user: TestUser }> {
  const context = await newContext(browser, baseUrl);
  const user = await signUpVerified(context, baseUrl, prefix);
  const page = await context.newPage();
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await banner.getByRole('button', { name: texts.cookies.declineAll }).click();
  await expect.poll(() => banner.count(), { timeout: 15_000 }).toBe(0);
  return { context, page, user };
}

/** GET an API route as the context's signed-in user and return its payload. */
export async function apiGet<T>(context: BrowserContext, baseUrl: string, path: string): Promise<T> {
  const response = await context.request.get(`${baseUrl}/api${path}`, { headers: { accept: 'application/json' } });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}`);
  return ((await response.json()) as Envelope<T>).payload;
}

/** POST to an API route from the context (its cookies, with the X-XSRF-TOKEN echo) and return the envelope. */
export async function apiPost<T>(context: BrowserContext, baseUrl: string, path: string, data: unknown): Promise<Envelope<T>> {
  if (!(await context.cookies(baseUrl)).some((c) => c.name === cookieNames.xsrf)) await context.request.get(`${baseUrl}/api/sanctum/csrf-cookie`);
  const xsrf = (await context.cookies(baseUrl)).find((c) => c.name === cookieNames.xsrf)?.value ?? '';
  const response = await context.request.post(`${baseUrl}/api${path}`, {
    data,
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf), accept: 'application/json' },
  });
  const body = (await response.json()) as Envelope<T>;
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${JSON.stringify(body)}`);
  return body;
}

/** PUT to an API route from the context (its cookies, with the X-XSRF-TOKEN echo) and return the envelope. */
export async function apiPut<T>(context: BrowserContext, baseUrl: string, path: string, data: unknown): Promise<Envelope<T>> {
  if (!(await context.cookies(baseUrl)).some((c) => c.name === cookieNames.xsrf)) await context.request.get(`${baseUrl}/api/sanctum/csrf-cookie`);
  const xsrf = (await context.cookies(baseUrl)).find((c) => c.name === cookieNames.xsrf)?.value ?? '';
  const response = await context.request.put(`${baseUrl}/api${path}`, {
    data,
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf), accept: 'application/json' },
  });
  const body = (await response.json()) as Envelope<T>;
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${JSON.stringify(body)}`);
  return body;
}
