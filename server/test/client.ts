import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * A test client over app.inject that behaves like the web app: keeps cookies, copies the XSRF-TOKEN
 * cookie into X-XSRF-TOKEN on non-GET calls, and sends the bearer token once it has one.
 * Area helpers (sign-in, encrypted payloads) build on it so every API test calls the API the same way.
 */
export class TestClient {
  readonly app: FastifyInstance;
  readonly cookies = new Map<string, string>();
  token: string | null = null;
  remoteAddress = '127.0.0.1';

  constructor(app: FastifyInstance) {
    this.app = app;
  }

  async request(options: {
    method?: InjectOptions['method'];
    url: string;
    body?: unknown;
    headers?: Record<string, string>;
    /** Send the bearer token (default: when there is one). */
    auth?: boolean;
  }): Promise<LightMyRequestResponse> {
    const method = options.method ?? 'POST';
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf && !('x-xsrf-token' in headers)) headers['x-xsrf-token'] = xsrf;
    if ((options.auth ?? true) && this.token && !('authorization' in headers))
      headers.authorization = `Bearer ${this.token}`;
    const res = await this.app.inject({
      method,
      url: options.url,
      headers,
      remoteAddress: this.remoteAddress,
      ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
    });
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() < Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, headers });
  }

  post(url: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request({ method: 'POST', url, body, headers });
  }
}
