import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '#contract/index.ts';
import { RATING, SITE_MESSAGES } from '#contract/site-pages.ts';
import type { Database } from '../db/database.ts';
import { FakeClock } from '../test/clock.ts';
import { TestClient } from '../test/client.ts';
import { buildTestApp } from '../test/helper.ts';

let app: FastifyInstance;
let db: Database;
const clock = new FakeClock('2030-01-15T02:10:00Z');
beforeAll(async () => {
  ({ app, db } = await buildTestApp({}, { now: clock.now }));
});

/** A browser at its own address, holding the XSRF cookie a first GET gives it. */
async function browserAt(address: string): Promise<TestClient> {
  const client = new TestClient(app);
  client.remoteAddress = address;
  await client.get(API_PATHS.config);
  return client;
}

const countRatings = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ratings')).rows[0]!.n;

describe('POST /api/rating', () => {
  it('stores a rating with its comment and thanks the user', async () => {
    const client = await browserAt('203.0.113.1');
    const res = await client.post(API_PATHS.rating, { rating: 4, comment: '  Quick and easy to use.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      header: { responseCode: '200', responseDesc: SITE_MESSAGES.ratingThanks },
      responseJSON: { received: true },
    });
    const { rows } = await db.query<{ rating: number; comment: string }>(
      'SELECT rating, comment FROM ratings ORDER BY id DESC LIMIT 1',
    );
    expect(rows[0]).toEqual({ rating: 4, comment: 'Quick and easy to use.' });
  });

  it('takes a rating without a comment', async () => {
    const client = await browserAt('203.0.113.2');
    const before = await countRatings();
    const res = await client.post(API_PATHS.rating, { rating: 1 });
    expect(res.statusCode).toBe(200);
    expect(await countRatings()).toBe(before + 1);
  });

  it('refuses bad input with 400 and a reason, storing nothing', async () => {
    const client = await browserAt('203.0.113.3');
    const before = await countRatings();
    const cases: Array<[unknown, RegExp]> = [
      [{}, /choose a rating/],
      [{ rating: 0 }, /choose a rating/],
      [{ rating: 6 }, /choose a rating/],
      [{ rating: 2.5 }, /choose a rating/],
      [{ rating: '5' }, /choose a rating/],
      [{ rating: 3, comment: 'x'.repeat(RATING.COMMENT_MAX_LENGTH + 1) }, /comment is too long/i],
      [{ rating: 3, comment: 42 }, /comment must be text/],
    ];
    for (const [body, reason] of cases) {
      const res = await client.post(API_PATHS.rating, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().header.responseCode).toBe('400');
      expect(res.json().header.responseDesc, JSON.stringify(body)).toMatch(reason);
    }
    const notJson = await client.request({
      url: API_PATHS.rating,
      body: 'rating=5',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(await countRatings()).toBe(before);
  });

  it('needs the XSRF token like every other call that changes something', async () => {
    const res = await app.inject({ method: 'POST', url: API_PATHS.rating, payload: { rating: 5 } });
    expect(res.statusCode).toBe(403);
  });

  it(`limits one address to ${RATING.LIMIT_PER_WINDOW} ratings per window, in the database, until the window passes`, async () => {
    clock.set('2030-01-15T03:00:00Z');
    const client = await browserAt('198.51.100.7');
    for (let i = 0; i < RATING.LIMIT_PER_WINDOW; i++) {
      expect((await client.post(API_PATHS.rating, { rating: 5 })).statusCode).toBe(200);
    }
    const before = await countRatings();
    clock.advance(59 * 60_000);
    const refused = await client.post(API_PATHS.rating, { rating: 5, comment: 'one more' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().header).toEqual({ responseCode: '429', responseDesc: SITE_MESSAGES.ratingTooMany });
    expect(Number(refused.headers['retry-after'])).toBe(60);
    expect(await countRatings()).toBe(before);

    // Another process sees the same counter: it lives in the database, not in this one.
    const { rows } = await db.query<{ hits: number }>(
      'SELECT hits FROM rating_rate_limits ORDER BY window_start DESC LIMIT 1',
    );
    expect(rows[0]!.hits).toBe(RATING.LIMIT_PER_WINDOW);

    // Another address is not affected.
    const neighbour = await browserAt('198.51.100.8');
    expect((await neighbour.post(API_PATHS.rating, { rating: 3 })).statusCode).toBe(200);

    clock.advance(60_000);
    expect((await client.post(API_PATHS.rating, { rating: 5 })).statusCode).toBe(200);
  });

  it('keeps no client address in the clear', async () => {
    const { rows } = await db.query<{ client_key: string }>('SELECT client_key FROM rating_rate_limits');
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.client_key).toMatch(/^[0-9a-f]{64}$/);
      expect(r.client_key).not.toContain('198.51');
    }
  });
});
