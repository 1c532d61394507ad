import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FakeClock } from '../test/clock.ts';
import { buildTestApp } from '../test/helper.ts';

let app: FastifyInstance;
const clock = new FakeClock('2030-03-01T08:30:15.250Z');
beforeAll(async () => {
  ({ app } = await buildTestApp({ PUBLIC_URL: 'https://eservices.example.sg/' }, { now: clock.now }));
});

function fields(text: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const line of text.split('\n').filter(Boolean)) {
    const [, name, value] = /^([A-Za-z-]+): (.+)$/.exec(line) ?? [];
    expect(name, line).toBeTruthy();
    map.set(name!, [...(map.get(name!) ?? []), value!]);
  }
  return map;
}

describe('GET /.well-known/security.txt', () => {
  it('answers RFC 9116 fields as text/plain', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/.well-known/security.txt',
      headers: { host: 'eservices.example.sg' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const f = fields(res.body);
    expect(f.get('Contact')).toEqual([
      'mailto:security@ptib-eservices.gov.sg',
      'https://eservices.example.sg/#/report-vulnerability',
    ]);
    expect(f.get('Preferred-Languages')).toEqual(['en']);
    expect(f.get('Canonical')).toEqual(['https://eservices.example.sg/.well-known/security.txt']);
    expect(f.get('Policy')).toEqual(['https://eservices.example.sg/#/report-vulnerability']);
    // Expires appears once, in the future but less than a year away (RFC 9116 §2.5.5).
    expect(f.get('Expires')).toEqual(['2030-08-28T08:30:15Z']);
  });

  it('moves Expires with the clock', async () => {
    clock.advance(86_400_000);
    const res = await app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(fields(res.body).get('Expires')).toEqual(['2030-08-29T08:30:15Z']);
  });

  it('never echoes a strange Host header', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/.well-known/security.txt',
      headers: { host: 'evil.example/<script>' },
    });
    expect(res.body).not.toContain('evil');
    expect(res.body).not.toContain('<');
  });

  it('names PUBLIC_URL whatever host was asked, so a shared cache never keeps an attacker’s host', async () => {
    const asked = await app.inject({
      method: 'GET',
      url: '/.well-known/security.txt',
      headers: { host: 'attacker.example' },
    });
    expect(asked.body).not.toContain('attacker');
    expect(fields(asked.body).get('Canonical')).toEqual(['https://eservices.example.sg/.well-known/security.txt']);
    expect(asked.headers['set-cookie']).toBeUndefined();
  });
});

describe('GET /.well-known/security.txt with an outside vulnerability page configured', async () => {
  it('points Policy and Contact there', async () => {
    const { app: configured } = await buildTestApp({ LINK_REPORT_VULNERABILITY: 'https://www.csa.gov.sg/report' });
    const res = await configured.inject({ method: 'GET', url: '/.well-known/security.txt' });
    const f = fields(res.body);
    expect(f.get('Policy')).toEqual(['https://www.csa.gov.sg/report']);
    expect(f.get('Contact')).toContain('https://www.csa.gov.sg/report');
  });
});

describe('GET /.well-known/security.txt without PUBLIC_URL', async () => {
  it('leaves out the lines that need the portal’s address rather than take it from Host', async () => {
    const { app: bare } = await buildTestApp();
    const res = await bare.inject({
      method: 'GET',
      url: '/.well-known/security.txt',
      headers: { host: 'attacker.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('attacker');
    const f = fields(res.body);
    expect(f.get('Contact')).toEqual(['mailto:security@ptib-eservices.gov.sg']);
    expect(f.get('Expires')).toHaveLength(1);
    expect(f.has('Canonical')).toBe(false);
    expect(f.has('Policy')).toBe(false);
  });
});
