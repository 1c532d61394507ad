import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE } from '#contract/index.ts';
import { buildTestApp } from '../test/helper.ts';

let app: FastifyInstance;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'ptib-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets/app-a1b2.js'), 'export {};\n');
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite/manifest.json'), '{}');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  // The build writes compressed copies beside every file, index.html's included.
  writeFileSync(path.join(dist, 'index.html.br'), 'brotli bytes of an older index.html');
  writeFileSync(path.join(dist, 'index.html.gz'), 'gzip bytes of an older index.html');
  ({ app } = await buildTestApp({ WEB_DIST: dist }));
});

describe('static files', () => {
  it.each(['/assets/app-a1b2.js', '/favicon.svg', '/.well-known/security.txt'])(
    '%s carries no cookie (a cached, shared answer must not hand one out)',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
    },
  );

  it('the immutable assets are publicly cacheable', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-a1b2.js' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('the app’s page (revalidated, never shared) and API answers still hand out the XSRF cookie', async () => {
    for (const url of ['/', '/api/config']) {
      const res = await app.inject({ method: 'GET', url });
      const names = (res.cookies as Array<{ name: string }>).map((c) => c.name);
      expect(names, url).toContain(XSRF_COOKIE);
    }
  });

  it.each(['br', 'gzip', 'identity'])(
    '/index.html asked with Accept-Encoding %s is the page / is: revalidated on every load',
    async (encoding) => {
      const root = await app.inject({ method: 'GET', url: '/' });
      const res = await app.inject({ method: 'GET', url: '/index.html', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(root.body);
    },
  );

  it('serves a file written after the start: a process of the previous release serves the new one’s', async () => {
    // During a rolling restart (docs/decisions/0072) a page from a restarted process asks for its chunks, and
    // nginx may send that request to a process not yet restarted, which must find them on disk.
    writeFileSync(path.join(dist, 'assets/app-c3d4.js'), 'export const released = true;\n');
    const res = await app.inject({ method: 'GET', url: '/assets/app-c3d4.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('released');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers the build’s manifest and a folder with the app’s not-found page', async () => {
    for (const url of ['/.vite/manifest.json', '/assets/', '/.vite/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });

  it('serves nothing outside the build', async () => {
    for (const url of ['/assets/../../etc/passwd', '/assets/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc/passwd']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body, url).not.toContain('root:');
    }
  });

  it("answers a path with an empty segment as one it does not know: the app's page or the API's 404", async () => {
    for (const url of ['//', '//home', '/x//y', '/assets//app-a1b2.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
    const api = await app.inject({ method: 'GET', url: '/api//login-nonce' });
    expect(api.statusCode).toBe(404);
    expect(api.json().header.responseDesc).toBe('No such call: GET /api//login-nonce');
  });
});
