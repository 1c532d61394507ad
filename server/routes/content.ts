import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS, RESPONSE_CODE, ok, withPhone } from '#contract/index.ts';
import { type ContentItemKind, type ContentSlug } from '#contract/site-pages.ts';
import {
  contentPageSchema,
  contentParamsSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  type ContentPage,
} from '#contract/schemas/index.ts';
import { ApiError } from '../plugins/errors.ts';

interface PageRow {
  slug: ContentSlug;
  title: string;
  summary: string;
  updated_on: string;
}
interface ItemRow {
  anchor: string;
  kind: ContentItemKind;
  heading: string;
  body: string;
  url: string | null;
}

/** GET /api/content/:slug: a public content page (FAQs, contact, terms…), seeded by migration 030. */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const phone = app.config.CONTACT_PHONE;
  app.withTypeProvider<ZodTypeProvider>().get(
    `${API_PATHS.content}/:slug`,
    {
      schema: {
        params: contentParamsSchema,
        response: { 200: envelopeSchema(contentPageSchema), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { slug } = request.params;
      const pages = await app.db.query<PageRow>(
        `SELECT slug, title, summary, to_char(updated_on, 'YYYY-MM-DD') AS updated_on
           FROM content_pages WHERE slug = $1`,
        [slug],
      );
      const page = pages.rows[0];
      if (!page) throw new ApiError(404, RESPONSE_CODE.NOT_FOUND, `No content page named '${slug}'`);
      const items = await app.db.query<ItemRow>(
        `SELECT anchor, kind, heading, body, url FROM content_items WHERE page_slug = $1 ORDER BY position, anchor`,
        [slug],
      );
      const body: ContentPage = {
        slug: page.slug,
        title: page.title,
        summary: withPhone(page.summary, phone),
        updatedOn: page.updated_on,
        items: items.rows.map((item) => ({
          anchor: item.anchor,
          kind: item.kind,
          heading: withPhone(item.heading, phone),
          body: withPhone(item.body, phone),
          url: item.url,
        })),
      };
      return ok(body);
    },
  );
}
