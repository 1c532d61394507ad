import { z } from 'zod';
import { SITE_SEARCH } from '../site.ts';
import {
  CONTENT_ITEM_KINDS,
  CONTENT_SLUGS,
  RATING,
  SEARCH_RESULT_KINDS,
  SITE_MESSAGES,
  searchWords,
} from '../site-pages.ts';
import { queryWholeNumber } from './query.ts';

/** Content pages, site search and rating (decisions.md §3). */

/** GET /api/content/:slug */
export const contentParamsSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]{1,60}$/, 'slug must be lower-case letters, digits and hyphens'),
});

export const contentItemSchema = z.object({
  /** Stable within its page: the anchor a link or a search result points to (`#/faqs#login-problems`). */
  anchor: z.string(),
  kind: z.enum(CONTENT_ITEM_KINDS),
  heading: z.string(),
  /** Plain text; a blank line separates paragraphs. */
  body: z.string(),
  /** Only for kind `link`: the outside address. */
  url: z.string().nullable(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

export const contentPageSchema = z.object({
  slug: z.enum(CONTENT_SLUGS),
  title: z.string(),
  summary: z.string(),
  /** ISO date (yyyy-mm-dd) the text was last reviewed. */
  updatedOn: z.string(),
  items: z.array(contentItemSchema),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

/** GET /api/search?q=&page= */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'q is required' })
    .overwrite(searchWords)
    .min(1, 'q is required')
    .max(SITE_SEARCH.QUERY_MAX_LENGTH, `q must be at most ${SITE_SEARCH.QUERY_MAX_LENGTH} characters`),
  page: queryWholeNumber('page', 1, SITE_SEARCH.MAX_PAGE).default(1),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

/** Text cut into pieces, the ones that match the query marked, so no markup ever travels as text. */
export const highlightedTextSchema = z.array(z.object({ text: z.string(), match: z.boolean() }));
export type HighlightedText = z.infer<typeof highlightedTextSchema>;

export const searchResultSchema = z.object({
  kind: z.enum(SEARCH_RESULT_KINDS),
  title: highlightedTextSchema,
  snippet: highlightedTextSchema,
  /** A hash route of this app, e.g. `#/generic?app=PIS` or `#/faqs#faq-login`. */
  href: z.string(),
  /** Where the result lives: `E-services` or the content page's title. */
  source: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({
  query: z.string(),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  results: z.array(searchResultSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** GET /search?q=&resultswithin= (the header form): any value is accepted, a bad one leads to the empty page. */
export const siteSearchFormSchema = z.object({
  q: z.unknown().optional(),
  resultswithin: z.unknown().optional(),
});

/** POST /api/rating */
export const ratingRequestSchema = z.object({
  rating: z
    .number({ error: SITE_MESSAGES.ratingRequired })
    .int(SITE_MESSAGES.ratingRequired)
    .min(RATING.MIN, SITE_MESSAGES.ratingRequired)
    .max(RATING.MAX, SITE_MESSAGES.ratingRequired),
  comment: z
    .string({ error: 'comment must be text' })
    .trim()
    .max(RATING.COMMENT_MAX_LENGTH, SITE_MESSAGES.ratingCommentTooLong)
    .optional()
    .default(''),
});
export type RatingRequest = z.input<typeof ratingRequestSchema>;
export const ratingResponseSchema = z.object({ received: z.literal(true) });
