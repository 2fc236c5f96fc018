import { cookieNames } from '@parley/contracts';
import { type FastifyInstance, type LightMyRequestResponse } from 'fastify';

export interface ApiResponse<T = unknown> {
  statusCode: number;
  body: { status: string; payload: T; message?: string; errors?: Record<string, string[]>; [key: string]: unknown };
  headers: LightMyRequestResponse['headers'];
  raw: LightMyRequestResponse;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser-like client over app.inject(): keeps cookies, fetches the CSRF
 * cookie before the first unsafe call and echoes it in X-XSRF-TOKEN, like the web app.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  bearer?: string;
  csrf = true;
  /** The client's address as the server sees it (app.inject's remoteAddress); 127.0.0.1 when unset. */
  address?: string;

  constructor(readonly app: FastifyInstance) {}

  /** The same signed-in browser (its cookies) talking to another instance of the app. */
  on(app: FastifyInstance): TestClient {
    const copy = new TestClient(app);
    copy.address = this.address;
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private store(response: LightMyRequestResponse) {
    for (const c of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  async request<T = unknown>(
    method: Method,
    url: string,
    options: { body?: unknown; headers?: Record<string, string>; payload?: string | Buffer } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (method !== 'GET' && this.csrf && !this.bearer) {
      if (!this.cookies.has(cookieNames.xsrf)) await this.request('GET', '/api/sanctum/csrf-cookie');
      headers['x-xsrf-token'] = this.cookies.get(cookieNames.xsrf) ?? '';
    }
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    const cookie = this.cookieHeader();
    if (cookie && !this.bearer) headers.cookie = cookie;
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(this.address ? { remoteAddress: this.address } : {}),
      ...(options.payload !== undefined ? { payload: options.payload } : options.body !== undefined ? { payload: options.body as object } : {}),
    });
    this.store(response);
    let body: ApiResponse<T>['body'];
    try {
      body = response.json();
    } catch {
      body = { status: 'RAW', payload: response.body as T };
    }
    return { statusCode: response.statusCode, body, headers: response.headers, raw: response };
  }

  get<T = unknown>(url: string, headers?: Record<string, string>) {
    return this.request<T>('GET', url, { headers });
  }
  post<T = unknown>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', url, { body: body ?? {}, headers });
  }
  put<T = unknown>(url: string, body?: unknown) {
    return this.request<T>('PUT', url, { body: body ?? {} });
  }
  delete<T = unknown>(url: string) {
    return this.request<T>('DELETE', url);
  }

  async login(email: string, password: string, code?: string) {
    const response = await this.post('/api/login', { email, password, ...(code ? { code } : {}) });
    if (response.body.status !== 'OK') throw new Error(`login failed: ${JSON.stringify(response.body)}`);
    return response;
  }
}
