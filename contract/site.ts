import { STORAGE_KEY_PREFIX } from './constants.ts';
import { ROUTES } from './paths.ts';

/**
 * The portal shell and the site search form (spec §2, decisions.md §3): labels, limits and wording,
 * written once for the web app and the server. Part of every page's first load: what only the content,
 * search and rating screens need lives in site-pages.ts, so it stays in their lazily loaded chunks.
 */

export const SITE_NAME = 'PTIB e-Services';

/**
 * The header and footer links (spec §2). The keys are those of GET /api/config `links`: when one is
 * set, the link points to that outside address instead of the built-in page.
 */
export const SITE_LINKS = {
  faqs: { label: 'FAQs', route: ROUTES.faqs },
  contactUs: { label: 'Ask Us / Contact Us', route: ROUTES.contactUs },
  usefulLinks: { label: 'Useful Links', route: ROUTES.usefulLinks },
  reportVulnerability: { label: 'Report Vulnerability', route: ROUTES.reportVulnerability },
  privacyStatement: { label: 'Privacy Statement', route: ROUTES.privacyStatement },
  termsAndConditions: { label: 'Terms & Conditions', route: ROUTES.termsAndConditions },
  termsOfUse: { label: 'Terms of Use', route: ROUTES.termsOfUse },
  rate: { label: 'Rate This E-Service', route: ROUTES.rate },
} as const;
export type SiteLinkKey = keyof typeof SITE_LINKS;
export const HEADER_LINK_KEYS = ['faqs', 'contactUs', 'usefulLinks'] as const satisfies readonly SiteLinkKey[];
export const FOOTER_LINK_KEYS = [
  'reportVulnerability',
  'privacyStatement',
  'termsAndConditions',
  'termsOfUse',
  'rate',
] as const satisfies readonly SiteLinkKey[];

/** Site search (GET /search → redirect, GET /api/search → results). */
export const SITE_SEARCH = {
  /** The query words a search may hold, in characters. */
  QUERY_MAX_LENGTH: 200,
  PAGE_SIZE: 10,
  /** Deeper pages are refused: nobody reads them, and OFFSET work grows with them. */
  MAX_PAGE: 100,
  DEFAULT_SCOPE: 'minlaw',
  /** Query parameter names of the header form (spec §2). */
  PARAM_QUERY: 'q',
  PARAM_SCOPE: 'resultswithin',
  PARAM_PAGE: 'page',
} as const;

/** The shell's own wording. */
export const SHELL_TEXT = {
  loading: 'Loading',
  externalLink: '(opens an outside website)',
  officeHours: 'Monday to Friday, 8.30 am to 5.30 pm (closed on weekends and public holidays)',
  contactCall: 'Call our toll-free number',
  contactEnquiry: 'Send us an online enquiry',
} as const;

/** Colour themes (spec §9): the choice is kept in local storage under the PTIB prefix. */
export const THEME_STORAGE_KEY = `${STORAGE_KEY_PREFIX}.theme`;
export const THEME_LABELS = { system: 'Same as device', light: 'Light', dark: 'Dark' } as const;

/** Non-error toasts stay as long as error ones (the specification gives only the error lifetime). */
export const TOAST_DEFAULT_LIFETIME_MS = 5_000;

/** The block overlay catches clicks at once but shows its spinner only after this delay (no flash). */
export const BLOCK_OVERLAY_SPINNER_DELAY_MS = 150;
