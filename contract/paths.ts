/** Call paths (spec §7, decisions.md §4), relative to the API base. */
export const API_PATHS = {
  authenticate: '/api/authenticate',
  loginNonce: '/api/login-nonce',
  logout: '/01-01-01/LogoutFromApp',
  refresh: '/01-01-01/refreshJWT',
  retrieveProfile: '/01-01-01/retrieveProfile',
  retrieveMasterPTIBList: '/01-01-01/retrieveMasterPTIBList',
  switchProxyProfile: '/01-01-01/switchProxyProfile',
  samlInitial: '/api/saml/initial',
  session: '/api/session',
  /** Who a hand-over code (#/access-initial?auth=) is for, without using it up (docs/decisions/0030). */
  sessionHandover: '/api/session/handover',
  /** Uses up a hand-over code for a new session. */
  sessionExchange: '/api/session/exchange',
  sendOtpSms: '/otp/sendOtpSms',
  verifyOtp: '/otp/verifyOtp',
  publicKey: '/api/public-key',
  config: '/api/config',
  search: '/api/search',
  content: '/api/content',
  rating: '/api/rating',
  eservices: '/api/eservices',
  /** E-service records (cases); the workflow calls live under the process-engine base (PROCESS_ENGINE_PATHS). */
  cases: '/api/cases',
  casesSearch: '/api/cases/search',
  /** The dashboard's records summary: counts by status and the latest records, in one call. */
  casesSummary: '/api/cases/summary',
  health: '/healthz',
} as const;

/**
 * Path prefixes under the API base that belong to the API: anything under them is never the single-page
 * app. The process-engine calls have their own configurable base (PROCESS_ENGINE_BASE), not under it.
 */
export const API_PREFIXES = ['/api/', '/01-01-01/', '/otp/'] as const;

export const DEFAULT_PROCESS_ENGINE_BASE = '/process-engine';

/** The API base path the web app calls (decisions.md §4: env API_BASE on the server, '/' by default). */
export const DEFAULT_API_BASE = '/';

/** Hash routes of the web app (decisions.md §3). */
export const ROUTES = {
  home: '/home',
  login: '/login',
  accessInitial: '/access-initial',
  dashboard: '/dashboard',
  profile: '/profile',
  esvc: '/esvc',
  generic: '/generic',
  /** The insolvency register's search (PIS, BIS) and the watchlist (ICAWL): docs/decisions/0043. */
  register: '/register',
  watchlist: '/watchlist',
  search: '/search',
  accessDenied: '/common-handler/access-denied',
  pageNotFound: '/common-handler/page-not-found',
  systemError: '/common-handler/system-error',
  unexpectedError: '/common-handler/unexpected-error',
  faqs: '/faqs',
  contactUs: '/contact-us',
  usefulLinks: '/useful-links',
  privacyStatement: '/privacy-statement',
  termsAndConditions: '/terms-and-conditions',
  termsOfUse: '/terms-of-use',
  reportVulnerability: '/report-vulnerability',
  rate: '/rate',
  /** Beside the specification's routes: the notification inbox (docs/decisions/0042). */
  inbox: '/inbox',
} as const;
export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

/** Home's step query values (§2). */
export const HOME_STEP = { logout: 'logout', interrupted: 'interrupted' } as const;

/** Header search scopes (§2). */
export const SEARCH_SCOPES = [
  { value: 'minlaw', label: 'Within This Website' },
  { value: 'gov', label: 'Within All Government Websites' },
] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number]['value'];

/** Paths of the site itself (not the API): the header search form's target and RFC 9116's file. */
export const SITE_PATHS = {
  search: '/search',
  securityTxt: '/.well-known/security.txt',
} as const;
