import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CONTENT_SLUGS } from '#contract/site-pages.ts';
import { contentPageSchema } from '#contract/schemas/index.ts';
import { buildTestApp } from '../test/helper.ts';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildTestApp({ CONTACT_PHONE: '1800-555-0199' }));
});

const get = (slug: string) => app.inject({ method: 'GET', url: `/api/content/${slug}` });

describe('GET /api/content/:slug', () => {
  it('serves every content page, with text, in the envelope', async () => {
    for (const slug of CONTENT_SLUGS) {
      const res = await get(slug);
      expect(res.statusCode, slug).toBe(200);
      const body = res.json();
      expect(body.header, slug).toEqual({ responseCode: '200', responseDesc: 'OK' });
      const page = contentPageSchema.parse(body.responseJSON);
      expect(page.slug).toBe(slug);
      expect(page.title.length).toBeGreaterThan(2);
      expect(page.updatedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(page.items.length, slug).toBeGreaterThanOrEqual(3);
      for (const item of page.items) {
        expect(item.heading.length).toBeGreaterThan(2);
        expect(item.body.length).toBeGreaterThan(20);
        expect(item.anchor).toMatch(/^[a-z0-9-]+$/);
      }
    }
  });

  it('has several questions and answers on the FAQs page, in order', async () => {
    const page = contentPageSchema.parse((await get('faqs')).json().responseJSON);
    expect(page.title).toBe('Frequently Asked Questions');
    expect(page.items.every((i) => i.kind === 'qa')).toBe(true);
    expect(page.items.length).toBeGreaterThanOrEqual(8);
    expect(page.items[0]!.heading).toBe('What is PTIB e-Services?');
    expect(page.items.map((i) => i.heading)).toContain('Why was I logged out?');
  });

  it('gives useful links their outside https addresses', async () => {
    const page = contentPageSchema.parse((await get('useful-links')).json().responseJSON);
    expect(page.items.every((i) => i.kind === 'link' && i.url?.startsWith('https://'))).toBe(true);
    expect(page.items.map((i) => i.heading)).toContain('Singpass');
  });

  it('fills in the configured toll-free number', async () => {
    const page = contentPageSchema.parse((await get('contact-us')).json().responseJSON);
    const call = page.items.find((i) => i.anchor === 'call-us')!;
    expect(call.body).toContain('1800-555-0199');
    expect(JSON.stringify(page)).not.toContain('{phone}');
  });

  it('tells when a new one-time password can be asked for as the sign-in step does: 30 seconds after a send', async () => {
    const page = contentPageSchema.parse((await get('faqs')).json().responseJSON);
    const answer = page.items.find((i) => i.anchor === 'one-time-password')!.body;
    expect(answer).toContain('"Send a new code"');
    expect(answer).toContain('30 seconds after the last one was sent');
    expect(answer).not.toContain('after the first one expires');
  });

  it('answers 404 in the envelope for a page that does not exist', async () => {
    const res = await get('no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      header: { responseCode: '404', responseDesc: "No content page named 'no-such-page'" },
      responseJSON: null,
    });
  });

  it('refuses a malformed slug with 400 and a reason', async () => {
    for (const slug of ['FAQS', 'faqs%20x', 'x'.repeat(61), '..%2F..%2Fetc', "faqs'--"]) {
      const res = await get(slug);
      expect(res.statusCode, slug).toBe(400);
      expect(res.json().header.responseDesc, slug).toMatch(/slug must be lower-case letters, digits and hyphens/);
    }
  });
});
