import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { generate } from 'otplib';
import { mailLink, uniqueEmail } from './browser.js';

export interface ApiResponse<T = unknown> {
  status: number;
  body: { status: string; message?: string; payload: T; errors?: Record<string, string[]> };
}

/**
 * A tiny Node client for setting up e2e data through the real API: a cookie jar
 * with the XSRF-TOKEN dance for guests, and the bearer token once signed in
 * (bearer requests skip CSRF, as a mobile client would).
 */
export class Api {
  private readonly cookies = new Map<string, string>();
  token: string | null = null;

  constructor(readonly baseUrl: string) {}

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  }

  private cookieHeader(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }

  async request<T = unknown>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
    const unsafe = method !== 'GET' && method !== 'HEAD';
    if (unsafe && !this.token && !this.cookies.has('XSRF-TOKEN')) {
      this.remember(await fetch(`${this.baseUrl}/api/sanctum/csrf-cookie`, { headers: this.cookieHeader() }));
    }
    const headers: Record<string, string> = { accept: 'application/json', ...this.cookieHeader() };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    else if (unsafe) headers['x-xsrf-token'] = decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
    const response = await fetch(`${this.baseUrl}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    this.remember(response);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : { status: 'EMPTY', payload: null } };
  }

  /** A multipart POST (bearer-signed in), e.g. a message with attachments; throws unless it is a 2xx. */
  async postForm<T = unknown>(path: string, form: FormData): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...this.cookieHeader() };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const response = await fetch(`${this.baseUrl}/api${path}`, { method: 'POST', headers, body: form });
    const body = (await response.json()) as ApiResponse<T>['body'];
    if (!response.ok) throw new Error(`POST ${path} → ${response.status}: ${JSON.stringify(body)}`);
    return body.payload;
  }

  /** Like `request`, but throws with the server's answer unless it is a 2xx. */
  async ok<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.request<T>(method, path, body);
    if (response.status < 200 || response.status >= 300) {
      throw new Error(`${method} ${path} → ${response.status}: ${JSON.stringify(response.body)}`);
    }
    return response.body.payload;
  }

  async signIn(email: string, password: string, code?: string): Promise<UserInfo> {
    const payload = await this.ok<{ user: UserInfo; token: string }>('POST', '/login', { email, password, ...(code ? { code } : {}) });
    this.token = payload.token;
    return payload.user;
  }

  profile(): Promise<UserInfo> {
    return this.ok<UserInfo>('GET', '/user/profile');
  }
}

export interface UserInfo {
  id: number;
  email: string;
  name: string;
  balance: number;
  is_contributor: boolean;
  is_admin: boolean;
}

export interface NewUser {
  api: Api;
  user: UserInfo;
  email: string;
  password: string;
}

/** Signs up through POST /api/register, verifies through the dev mailbox, and signs in (bearer). */
export async function createVerifiedUser(baseUrl: string, prefix: string, name = prefix): Promise<NewUser> {
  const email = uniqueEmail(prefix);
  const password = 'E2ePass123x';
  const guest = new Api(baseUrl);
  await guest.ok('POST', '/register', {
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
  const link = new URL(await mailLink(baseUrl, email, '/email-verification'));
  await guest.ok('POST', '/email/verify', { id: Number(link.searchParams.get('id')), token: link.searchParams.get('token') });
  const api = new Api(baseUrl);
  const user = await api.signIn(email, password);
  return { api, user, email, password };
}

/** The seeded demo admin (README); admins sign in with two factors, this is its authenticator key (seed-content.ts). */
export const demoAdmin = { email: 'admin@parley.chat', password: 'AdminPass123', totpSecret: 'PARLEYDEMOADMINTOTPKEYFORTRYING2' };

let lastAdminStep = 0;
/**
 * A code for the demo admin that this process has not used yet. The server accepts each 30-second code once
 * (an earlier test file may have used the current one too: `withAdminCode` retries on the next step).
 */
export async function demoAdminCode(): Promise<string> {
  let step = Math.floor(Date.now() / 30_000);
  if (step <= lastAdminStep) {
    await new Promise((done) => setTimeout(done, (lastAdminStep + 1) * 30_000 - Date.now() + 100));
    step = lastAdminStep + 1;
  }
  lastAdminStep = step;
  return generate({ secret: demoAdmin.totpSecret, epoch: step * 30 });
}

/** Runs a sign-in with a fresh admin code; a code already used (by another test file) is retried once with the next one. */
export async function withAdminCode<T>(signIn: (code: string) => Promise<T>): Promise<T> {
  try {
    return await signIn(await demoAdminCode());
  } catch {
    lastAdminStep = Math.floor(Date.now() / 30_000);
    return signIn(await demoAdminCode());
  }
}

const adminSessions = new Map<string, Promise<Api>>();
/** The demo admin, signed in once per test file (bearer). */
export function signInAdmin(baseUrl: string): Promise<Api> {
  let session = adminSessions.get(baseUrl);
  if (!session) {
    session = withAdminCode(async (code) => {
      const api = new Api(baseUrl);
      const user = await api.signIn(demoAdmin.email, demoAdmin.password, code);
      if (!user.is_admin) throw new Error('the seeded admin is not an admin');
      return api;
    });
    adminSessions.set(baseUrl, session);
    session.catch(() => adminSessions.delete(baseUrl));
  }
  return session;
}

/**
 * Earnings are paid out only after the holding period (`earnings_hold_days`, 7 by default). Journeys that earn
 * and withdraw in one go set it to 0 on the e2e server (the holding period itself is tested on the server).
 */
export async function matureEarningsAtOnce(baseUrl: string) {
  await (await signInAdmin(baseUrl)).ok('PUT', '/admin/settings', { earnings_hold_days: 0 });
}

/** Credits coins as an admin balance adjustment (a ledger entry with a reason). */
export async function grantCoins(admin: Api, userId: number, amount: number) {
  await admin.ok('POST', `/admin/users/${userId}/balance`, {
    amount,
    reason: 'e2e setup',
    request_id: `e2e-${userId}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  });
}

/**
 * Makes `contributor` earn coins the only way payouts accept: `payer` opens a
 * topic, the contributor joins, and the payer sends paid messages in it.
 * Returns the topic id.
 */
export async function earnCoins(payer: Api, contributor: Api, messages: string[]): Promise<number> {
  const rooms = await payer.ok<{ data: { id: number }[] }>('GET', '/rooms/index');
  const created = await payer.ok<{ topic: { id: number } }>('POST', '/topics/create', {
    room_id: rooms.data[0]!.id,
    title: `E2E topic ${Date.now().toString(36)}`,
  });
  const topicId = created.topic.id;
  await contributor.ok('POST', '/topics/join', { topic_id: topicId });
  for (const content of messages) await payer.ok('POST', '/messages/create', { topic_id: topicId, content });
  return topicId;
}

/**
 * Runs `npm run applications -- ARGS` against the e2e server's SQLite database
 * (the global setup provides its DATA_DIR) and returns the printed JSON.
 */
export function applicationsCli(dataDir: string, args: string[]): unknown {
  const result = spawnSync('npm', ['run', '--silent', 'applications', '--', ...args], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'development', DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`applications ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  // npm may print its own header lines first: the command's JSON starts at the first line opening an object or array.
  const start = result.stdout.search(/^[[{]/m);
  return JSON.parse(result.stdout.slice(Math.max(0, start)));
}

/** Sends an interlocutor application (POST /become-contributor) and returns its id. */
export async function applyAsInterlocutor(api: Api, nickname: string): Promise<number> {
  const profile = await api.profile();
  const payload = await api.ok<{ application: { id: number } }>('POST', '/become-contributor', {
    nickname,
    email: profile.email,
    experience: 'Years of listening.',
    interests: 'Books and travel.',
    help_description: 'Good company for a chat.',
  });
  return payload.application.id;
}

/** Turns two-factor sign-in on for the signed-in user (setup → first code); this session goes on. Returns the key. */
export async function enableTwoFactor(api: Api, password: string): Promise<string> {
  const { secret } = await api.ok<{ secret: string }>('POST', '/user/two-factor/setup', { password });
  await api.ok('POST', '/user/two-factor/enable', { code: await generate({ secret }) });
  return secret;
}

/** Requests a SEPA payout of `amount` euros (POST /payouts) and returns its id. */
export async function requestSepaPayout(api: Api, amount: number, iban = 'DE89370400440532013000'): Promise<number> {
  const countries = await api.ok<{ id: number; iso: string }[]>('GET', '/countries');
  const germany = countries.find((c) => c.iso === 'DE')!;
  const payload = await api.ok<{ payout: { id: number } }>('POST', '/payouts', {
    amount,
    method: 'sepa',
    iban,
    first_name: 'Erin',
    last_name: 'Earner',
    country_id: germany.id,
    city: 'Berlin',
    address: 'Unter den Linden 1',
    zip: '10117',
    request_id: `e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
  });
  return payload.payout.id;
}
