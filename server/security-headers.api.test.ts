import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

describe('with a built web app whose index.html holds an inline script (the route gate)', () => {
  const GATE = "{const r=document.querySelector('#root');r&&r.setAttribute('data-x','é')}";
  let web: FastifyInstance;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'ptib-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets/app-a.js'), 'export {};\n');
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head><script type="module" blocking="render">${GATE}</script>` +
        '<script type="module" src="/assets/app-a.js"></script></head><body><div id="root"></div></body></html>',
    );
    ({ app: web } = await buildTestApp({ WEB_DIST: dist }));
  });

  it('allows that script by the hash of the bytes it sends, and nothing else inline', async () => {
    const page = await web.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    const sent = /<script type="module" blocking="render">([^<]*)<\/script>/.exec(page.body)?.[1];
    expect(sent).toBe(GATE);
    const hash = `'sha256-${createHash('sha256').update(sent!, 'utf8').digest('base64')}'`;
    for (const url of ['/', '/healthz', '/api/config']) {
      const res = await web.inject({ method: 'GET', url });
      const scriptSrc = String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([name]) => name === 'script-src');
      expect(scriptSrc, url).toEqual(['script-src', "'self'", hash]);
      expect(String(res.headers['content-security-policy']), url).not.toContain('unsafe-inline');
    }
  });
});

describe('the header set', () => {
  /** What @fastify/helmet 13.2.0 sent for our options, copied from its answers before it was replaced. */
  const HELMET = {
    'content-security-policy':
      "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self';" +
      "connect-src 'self';object-src 'none';base-uri 'none';frame-ancestors 'none';" +
      "form-action 'self' https://www.search.gov.sg;manifest-src 'self';worker-src 'self'",
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  /** Headers that are not about security, or change with every answer. */
  const OTHERS = new Set([
    'date',
    'connection',
    'content-length',
    'content-type',
    'set-cookie',
    'retry-after',
    'x-request-id',
  ]);
  const securityHeaders = (headers: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !OTHERS.has(name)));

  it('every header of a page answer and of API answers (errors included) is what helmet sent, no more, no less', async () => {
    for (const url of ['/', '/no-such-page', '/assets/no-such-file.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(securityHeaders(res.headers), url).toEqual(HELMET);
    }
    for (const url of ['/healthz', '/api/config', '/01-01-01/noSuchCall']) {
      const res = await app.inject({ method: 'GET', url });
      expect(securityHeaders(res.headers), url).toEqual({ ...HELMET, 'cache-control': 'no-store' });
    }
  });
});
