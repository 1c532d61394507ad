import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './test/helper.ts';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildTestApp());
});

describe('security headers', () => {
  it('send a strict Content-Security-Policy on every answer', async () => {
    for (const url of ['/healthz', '/api/config', '/api/no-such-call']) {
      const res = await app.inject({ method: 'GET', url });
      const csp = res.headers['content-security-policy'];
      expect(csp, url).toBeTypeOf('string');
      const directives = Object.fromEntries(
        String(csp)
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      expect(directives['script-src']).toEqual(["'self'"]);
      expect(String(csp)).not.toContain('unsafe-inline');
      expect(String(csp)).not.toContain('unsafe-eval');
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['base-uri']).toEqual(["'none'"]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
    }
  });

  it('send nosniff, a referrer policy and COOP', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('mark API answers no-store, errors included', async () => {
    for (const url of ['/api/config', '/01-01-01/noSuchCall']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('send HSTS only over TLS', async () => {
    const plain = await app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('behind a TLS-terminating proxy', () => {
  let proxied: FastifyInstance;
  beforeAll(async () => {
    ({ app: proxied } = await buildTestApp({ TRUST_PROXY: '1' }));
  });

  it('sends HSTS when the proxy says the request came over https', async () => {
    const res = await proxied.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
