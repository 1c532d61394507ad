import { SITE_SEARCH } from './site.ts';

/**
 * Content pages, search results, Rate This E-Service and security.txt (decisions.md §3): what the lazily
 * loaded screens and the server share. Kept apart from site.ts so none of it weighs on the first load.
 */

/** Content pages served by GET /api/content/:slug; the slug is the page's route without its slash. */
export const CONTENT_SLUGS = [
  'faqs',
  'contact-us',
  'useful-links',
  'privacy-statement',
  'terms-and-conditions',
  'terms-of-use',
  'report-vulnerability',
] as const;
export type ContentSlug = (typeof CONTENT_SLUGS)[number];
export const CONTENT_ITEM_KINDS = ['section', 'qa', 'link'] as const;
export type ContentItemKind = (typeof CONTENT_ITEM_KINDS)[number];

export function isContentSlug(value: unknown): value is ContentSlug {
  return typeof value === 'string' && (CONTENT_SLUGS as readonly string[]).includes(value);
}

/** What a search result is: an e-service of the catalogue, or an item of a content page. */
export const SEARCH_RESULT_KINDS = ['eservice', 'qa', 'link', 'section'] as const;
export type SearchResultKind = (typeof SEARCH_RESULT_KINDS)[number];
export const SEARCH_RESULT_KIND_LABELS: Record<SearchResultKind, string> = {
  eservice: 'E-service',
  qa: 'FAQ',
  link: 'Useful link',
  section: 'Information',
};

/** Rate This E-Service (decisions.md §3). */
export const RATING = {
  MIN: 1,
  MAX: 5,
  COMMENT_MAX_LENGTH: 1000,
  /** Ratings one client address may send per window; the count lives in the database. */
  LIMIT_PER_WINDOW: 5,
  WINDOW_MS: 3_600_000,
  LABELS: { 1: 'Very poor', 2: 'Poor', 3: 'Fair', 4: 'Good', 5: 'Excellent' } as Readonly<Record<number, string>>,
} as const;

/** Wording of the search, content and rating screens, and of the server's answers to them. */
export const SITE_MESSAGES = {
  searchPrompt: 'Enter a word or phrase to search this website.',
  searchNoResults: 'No results match your search. Check the spelling or try fewer or more general words.',
  searchQueryTooLong: `Your search is too long. Please use at most ${SITE_SEARCH.QUERY_MAX_LENGTH} characters.`,
  contentUnavailable: 'Sorry, this page cannot be shown right now. Please try again later.',
  ratingRequired: 'Please choose a rating from 1 to 5.',
  ratingCommentTooLong: `Your comment is too long. Please use at most ${RATING.COMMENT_MAX_LENGTH} characters.`,
  ratingThanks: 'Thank you. Your rating has been received.',
  ratingFailed: 'Sorry, your rating could not be sent. Please try again later.',
  ratingTooMany: 'You have sent several ratings in a short time. Please try again later.',
} as const;

/** /.well-known/security.txt (RFC 9116). */
export const SECURITY_TXT = {
  CONTACT_EMAIL: 'security@ptib-eservices.gov.sg',
  /** Expires is this many days after the answer; RFC 9116 asks for less than a year. */
  EXPIRES_AFTER_DAYS: 180,
  PREFERRED_LANGUAGES: 'en',
} as const;

/**
 * The words of a search as typed: text pasted from a PDF or a web page carries non-breaking and zero-width
 * spaces and soft hyphens, and a Chinese or Japanese keyboard may type full-width letters, none of which the
 * full-text search reads as the words they show. Folded to what they show (NFKC), every kind of space one
 * space, invisible characters gone.
 */
export const searchWords = (typed: string): string =>
  typed
    .normalize('NFKC')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
