import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SITE_SEARCH } from '#contract/index.ts';
import { searchResponseSchema, type HighlightedText } from '#contract/schemas/index.ts';
import { migrate } from '../db/migrate.ts';
import { buildTestApp } from '../test/helper.ts';
import { splitHighlighted } from './search.ts';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildTestApp({ GOV_SEARCH_URL: 'https://search.example.gov.sg/find' }));
});

const text = (pieces: HighlightedText) => pieces.map((p) => p.text).join('');
const marked = (pieces: HighlightedText) => pieces.filter((p) => p.match).map((p) => p.text.toLowerCase());

async function search(query: string) {
  const res = await app.inject({ method: 'GET', url: `/api/search?${query}` });
  return { res, body: res.json() };
}

describe('GET /api/search', () => {
  it('ranks the e-service whose description holds the word first', async () => {
    // "proprietorship" is only in the description of Bankruptcy Information Search.
    const { res, body } = await search('q=proprietorship');
    expect(res.statusCode).toBe(200);
    const parsed = searchResponseSchema.parse(body.responseJSON);
    expect(parsed.results[0]).toMatchObject({ kind: 'eservice', href: '#/register?app=BIS', source: 'E-services' });
    expect(text(parsed.results[0]!.title)).toBe('Bankruptcy Information Search');
    expect(marked(parsed.results[0]!.snippet)).toEqual(['proprietorship']);
  });

  it('puts the e-service above content pages that also mention the word', async () => {
    // PayNow is in the description of Payment of Court Deposits and in the payment FAQ's answer.
    const { body } = await search('q=PayNow');
    const results = searchResponseSchema.parse(body.responseJSON).results;
    expect(results.map((r) => r.href)).toEqual(['#/generic?app=PCD', '#/faqs#payment-methods']);
    expect(results[1]!.source).toBe('Frequently Asked Questions');
    expect(marked(results[1]!.snippet)).toContain('paynow');
  });

  it('matches word forms (stemming) and highlights the words found', async () => {
    const { body } = await search('q=refunds');
    const results = searchResponseSchema.parse(body.responseJSON).results;
    expect(results[0]!.href).toBe('#/generic?app=PRD');
    expect(marked(results[0]!.title)).toEqual(['refund']);
    expect(results[0]!.snippet.some((p) => p.match)).toBe(true);
  });

  it('finds FAQs, useful links and information pages', async () => {
    const faq = searchResponseSchema.parse((await search('q=forgot%20password')).body.responseJSON);
    expect(faq.results[0]).toMatchObject({ kind: 'qa', href: '#/faqs#forgot-password' });
    const link = searchResponseSchema.parse((await search('q=Singpass')).body.responseJSON);
    expect(link.results[0]).toMatchObject({ kind: 'link', href: '#/useful-links#singpass', source: 'Useful Links' });
    const info = searchResponseSchema.parse((await search('q=cookies')).body.responseJSON);
    expect(info.results.map((r) => r.href)).toContain('#/privacy-statement#cookies');
  });

  it('pages through the results, PAGE_SIZE at a time, with the same total on every page', async () => {
    // "the" is a stop word; "application" is in many e-services and FAQs.
    const first = searchResponseSchema.parse(
      (await search('q=application%20OR%20apply%20OR%20payment')).body.responseJSON,
    );
    expect(first.total).toBeGreaterThan(SITE_SEARCH.PAGE_SIZE);
    expect(first.results).toHaveLength(SITE_SEARCH.PAGE_SIZE);
    expect(first.page).toBe(1);
    const second = searchResponseSchema.parse(
      (await search('q=application%20OR%20apply%20OR%20payment&page=2')).body.responseJSON,
    );
    expect(second.page).toBe(2);
    expect(second.total).toBe(first.total);
    expect(second.results.length).toBe(Math.min(SITE_SEARCH.PAGE_SIZE, first.total - SITE_SEARCH.PAGE_SIZE));
    const firstHrefs = new Set(first.results.map((r) => r.href));
    for (const r of second.results) expect(firstHrefs.has(r.href)).toBe(false);
  });

  it('answers the last page for a page past the end, never an empty page of a search that found some', async () => {
    const q = 'q=application%20OR%20apply%20OR%20payment';
    const first = searchResponseSchema.parse((await search(q)).body.responseJSON);
    const lastPage = Math.ceil(first.total / SITE_SEARCH.PAGE_SIZE);
    const last = searchResponseSchema.parse((await search(`${q}&page=${lastPage}`)).body.responseJSON);
    const past = searchResponseSchema.parse((await search(`${q}&page=50`)).body.responseJSON);
    expect(past).toEqual(last);
    expect(past.page).toBe(lastPage);
    expect(past.results.length).toBeGreaterThan(0);
    // A search that fits on one page, asked for its second (an old link): its first.
    const few = searchResponseSchema.parse((await search('q=refund')).body.responseJSON);
    expect(few.total).toBeGreaterThan(0);
    expect(few.total).toBeLessThanOrEqual(SITE_SEARCH.PAGE_SIZE);
    expect(searchResponseSchema.parse((await search('q=refund&page=2')).body.responseJSON)).toEqual(few);
    // Nothing found: page 1 of nothing.
    expect((await search('q=xylophonequartz&page=3')).body.responseJSON).toMatchObject({
      page: 1,
      total: 0,
      results: [],
    });
  });

  it('answers an empty list for words nothing holds, or only stop words', async () => {
    for (const q of ['xylophonequartz', 'the', '"', '-refund', '!!!']) {
      const { res, body } = await search(`q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(body.responseJSON, q).toMatchObject({ total: 0, results: [] });
    }
  });

  it('finds what an abbreviation stands for: OTP finds the one-time password FAQs, marked', async () => {
    const { res, body } = await search('q=OTP');
    expect(res.statusCode).toBe(200);
    const parsed = searchResponseSchema.parse(body.responseJSON);
    expect(parsed.total).toBeGreaterThan(0);
    expect(parsed.results[0]).toMatchObject({ kind: 'qa', source: 'Frequently Asked Questions' });
    // ts_headline marks each word of the phrase: 'one', 'time', 'password' (the hyphen between is not a word).
    expect(marked(parsed.results[0]!.snippet)).toEqual(expect.arrayContaining(['one', 'time', 'password']));
    // Within a longer query, and in another case or word form.
    const within = searchResponseSchema.parse((await search('q=otps%20mobile')).body.responseJSON);
    expect(within.results.map((r) => r.href)).toContain(parsed.results[0]!.href);
    // Negated, it excludes what it stands for.
    const all = searchResponseSchema.parse((await search('q=password')).body.responseJSON);
    const without = searchResponseSchema.parse((await search('q=password%20-otp')).body.responseJSON);
    expect(without.total).toBeLessThan(all.total);
    for (const r of without.results) expect(text(r.snippet).toLowerCase()).not.toContain('one-time password');
  });

  it('finds the bankruptcy and insolvency searches by "bankrupt", and a word by its noun', async () => {
    const hrefs = async (q: string) =>
      searchResponseSchema
        .parse((await search(`q=${encodeURIComponent(q)}`)).body.responseJSON)
        .results.map((r) => r.href);
    for (const q of ['bankrupt', 'bankrupts', 'bankruptcy', 'insolvent'])
      expect(await hrefs(q), q).toEqual(expect.arrayContaining(['#/register?app=BIS', '#/register?app=PIS']));
    // A question holding both words finds the page that says them.
    expect(await hrefs('is my debtor bankrupt')).toContain('#/generic?app=PD');
    // The travel return is a notification; a traveller is asked to notify.
    expect(await hrefs('notify return')).toContain('#/generic?app=TRT');
  });

  // Migration 090 invites an operator to add rows: one added before 217 must neither stop the upgrade nor be lost.
  it("keeps an operator's own row for a word migration 217 adds, and adds the others", async () => {
    const db = app.db;
    await db.query(`DELETE FROM search_synonyms WHERE term IN ('bankruptcy', 'insolvency', 'apply')`);
    await db.query(`UPDATE search_synonyms SET meaning = 'insolvent' WHERE term = 'bankrupt'`);
    await db.query('DELETE FROM schema_migrations WHERE version = 217');
    try {
      expect(await migrate(db)).toEqual(['217_search_synonyms_word_forms.sql']);
      const { rows } = await db.query<{ term: string; meaning: string }>(
        `SELECT term, meaning FROM search_synonyms WHERE term IN ('bankrupt', 'bankruptcy', 'apply') ORDER BY term`,
      );
      expect(rows).toEqual([
        { term: 'apply', meaning: 'application' },
        { term: 'bankrupt', meaning: 'insolvent' },
        { term: 'bankruptcy', meaning: 'bankrupt OR insolvency' },
      ]);
    } finally {
      await db.query(`UPDATE search_synonyms SET meaning = 'bankruptcy OR insolvency' WHERE term = 'bankrupt'`);
    }
  });

  it('reads pasted and full-width words as typed ones: odd spaces, invisible characters, full-width letters', async () => {
    const results = async (q: string) =>
      searchResponseSchema.parse((await search(`q=${encodeURIComponent(q)}`)).body.responseJSON);
    const plain = await results('refund deposit');
    expect(plain.total).toBeGreaterThan(0);
    // From a PDF or a web page (a non-breaking space, a zero-width one, a soft hyphen); from a Chinese keyboard.
    for (const q of [
      'refund\u00a0deposit',
      'refund\u200b deposit\u200b',
      're\u00adfund\u3000deposit',
      'ｒｅｆｕｎｄ ｄｅｐｏｓｉｔ',
    ]) {
      const found = await results(q);
      expect(
        found.results.map((r) => r.href),
        q,
      ).toEqual(plain.results.map((r) => r.href));
      expect(found.query, q).toBe('refund deposit');
    }
    const { res, body } = await search(`q=${encodeURIComponent('\u200b\u00a0')}`);
    expect(res.statusCode).toBe(400);
    expect(body.header.responseDesc).toMatch(/q is required/);
  });

  it('is public: no token needed', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/search?q=travel' });
    expect(res.statusCode).toBe(200);
    expect(res.json().responseJSON.total).toBeGreaterThan(0);
  });

  it('refuses bad input with 400 and a reason', async () => {
    const cases: Array<[string, RegExp]> = [
      ['', /q is required/],
      ['q=', /q is required/],
      ['q=%20%20', /q is required/],
      [`q=${'a'.repeat(SITE_SEARCH.QUERY_MAX_LENGTH + 1)}`, /at most 200/],
      ['q=x&page=0', /page must be 1 or more/],
      ['q=x&page=abc', /page/],
      ['q=x&page=1.5', /whole number/],
      [`q=x&page=${SITE_SEARCH.MAX_PAGE + 1}`, /at most/],
    ];
    for (const [query, reason] of cases) {
      const { res, body } = await search(query);
      expect(res.statusCode, query).toBe(400);
      expect(body.header.responseCode, query).toBe('400');
      expect(body.header.responseDesc, query).toMatch(reason);
      expect(body.responseJSON).toBeNull();
    }
  });

  it('never lets markup or marker characters in the query through as markup', async () => {
    const { res, body } = await search(`q=${encodeURIComponent('<script>alert(1)</script> \u0002refund\u0003')}`);
    expect(res.statusCode).toBe(200);
    const parsed = searchResponseSchema.parse(body.responseJSON);
    for (const r of parsed.results) {
      for (const piece of [...r.title, ...r.snippet]) {
        for (const forbidden of ['\u0002', '\u0003', '<', '>']) expect(piece.text).not.toContain(forbidden);
      }
    }
  });
});

describe('GET /search (the header form)', () => {
  it('sends "Within This Website" to the search page with the query', async () => {
    const res = await app.inject({ method: 'GET', url: '/search?q=refund+of+deposits&resultswithin=minlaw' });
    expect([302, 303]).toContain(res.statusCode);
    expect(res.headers.location).toBe('/#/search?q=refund+of+deposits&resultswithin=minlaw');
  });

  it('sends "Within All Government Websites" to the configured search address with the query encoded', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/search?q=${encodeURIComponent('court & fees?')}&resultswithin=gov`,
    });
    expect([302, 303]).toContain(res.statusCode);
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe('https://search.example.gov.sg/find');
    expect(location.searchParams.get('q')).toBe('court & fees?');
  });

  it('lets the browser follow the form to the all-of-government search (CSP form-action covers redirects)', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/form-action 'self' https:\/\/search\.example\.gov\.sg(;|$)/);
  });

  it('sends a missing, empty, repeated or oversized query to the empty search page, never a 500', async () => {
    for (const query of [
      '',
      'q=',
      'q=%20',
      'resultswithin=gov',
      'q=a&q=b&resultswithin=gov',
      `q=${'x'.repeat(SITE_SEARCH.QUERY_MAX_LENGTH + 1)}&resultswithin=minlaw`,
      'q=refund&resultswithin=elsewhere',
    ]) {
      const res = await app.inject({ method: 'GET', url: `/search?${query}` });
      expect([302, 303], query).toContain(res.statusCode);
      expect(res.headers.location, query).toMatch(/^\/#\/search\?/);
    }
    const unknownScope = await app.inject({ method: 'GET', url: '/search?q=refund&resultswithin=elsewhere' });
    expect(unknownScope.headers.location).toBe('/#/search?q=refund&resultswithin=minlaw');
    const empty = await app.inject({ method: 'GET', url: '/search?resultswithin=gov' });
    expect(empty.headers.location).toBe('/#/search?resultswithin=minlaw');
  });

  it('keeps a query that is too long, for either scope, so the search page can say so and show it', async () => {
    const long = 'x'.repeat(600);
    for (const scope of ['minlaw', 'gov']) {
      const res = await app.inject({ method: 'GET', url: `/search?q=${long}&resultswithin=${scope}` });
      expect([302, 303], scope).toContain(res.statusCode);
      expect(res.headers.location, scope).toBe(`/#/search?q=${long}&resultswithin=minlaw`);
    }
  });
});

describe('splitHighlighted', () => {
  it('cuts marked text into pieces and joins neighbouring marks', () => {
    expect(
      splitHighlighted('Apply for a \u0002refund\u0003 of \u0002deposits\u0003\u0002 \u0003\u0002paid\u0003'),
    ).toEqual([
      { text: 'Apply for a ', match: false },
      { text: 'refund', match: true },
      { text: ' of ', match: false },
      { text: 'deposits paid', match: true },
    ]);
    expect(splitHighlighted('')).toEqual([]);
    expect(splitHighlighted('no marks')).toEqual([{ text: 'no marks', match: false }]);
    expect(splitHighlighted('\u0002open')).toEqual([{ text: 'open', match: true }]);
  });
});
