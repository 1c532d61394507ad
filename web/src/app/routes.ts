import { ERROR_SCREEN_TITLES, INBOX_TITLE, ROUTES } from '#contract/index.ts';
import type * as ErrorScreens from '../features/errors/ErrorScreen.tsx';
import type { HashLocation } from '../lib/router/location.ts';
import type { Guard, RouteDef } from '../lib/router/router.ts';
import {
  ACCESS_INITIAL,
  OFFICER_CASE,
  OFFICER_HOME,
  OFFICER_PAYMENTS,
  requireToken,
  SIGNED_IN_WITH_SEMS01,
  redirectSignedIn,
} from './guards.ts';

/** The error screens' module, once loaded (the router commits a screen, and sets its title, only then). */
let errorScreens: typeof ErrorScreens | null = null;
const errors = () => import('../features/errors/ErrorScreen.tsx').then((m) => (errorScreens = m));
const content = () => import('../features/content/screens.tsx');
/** The back office: one chunk, loaded only when an officer opens it (docs/decisions/0049). */
const officer = () => import('../features/officer/screens.tsx');

/**
 * Guards of the back office (#/officer…): a session, then the server's word that it is an officer's
 * (GET /api/officer/me), so a PTIB user gets access denied PTACC-951 there, as an officer does on PTIB
 * screens (requireUnblockedProfile). The check comes with the back office's chunk, not the first load.
 */
export const SIGNED_IN_OFFICER: readonly Guard[] = [
  requireToken,
  (ctx) => officer().then((m) => m.requireOfficer(ctx)),
];
/** Case work for officers and supervisors; the reconciliation for finance officers. */
const CASE_WORK: readonly Guard[] = [...SIGNED_IN_OFFICER, (ctx) => officer().then((m) => m.requireCaseRole(ctx))];
const FINANCE_WORK: readonly Guard[] = [
  ...SIGNED_IN_OFFICER,
  (ctx) => officer().then((m) => m.requireFinanceRole(ctx)),
];

/**
 * Error screens put the code they show in the document title. The list of codes it is checked against
 * comes with the screens, not with the first load (docs/decisions/0038-first-load-back-under-budget.md):
 * before they have loaded, the plain title.
 */
const withErrorCode =
  (title: string) =>
  (location: HashLocation): string =>
    errorScreens?.titleWithCode(title, location) ?? title;

/**
 * Every route of decisions.md §3, each screen its own chunk. Home's too: its markup is prerendered, and the
 * route gate asks for its chunk beside the app's at a home address (docs/decisions/0061).
 */
export const routes: readonly RouteDef[] = [
  { path: ROUTES.home, title: 'Home', load: () => import('./HomeScreen.tsx') },
  {
    path: ROUTES.login,
    title: 'Log in',
    load: () => import('../features/auth/LoginPage.tsx'),
    guards: [redirectSignedIn],
  },
  {
    path: ROUTES.accessInitial,
    title: 'Signing in',
    load: () => import('../features/auth/AccessInitialScreen.tsx'),
    guards: ACCESS_INITIAL,
  },
  {
    path: ROUTES.dashboard,
    title: 'Dashboard',
    load: () => import('../features/dashboard/DashboardScreen.tsx'),
    guards: SIGNED_IN_WITH_SEMS01,
  },
  {
    path: ROUTES.profile,
    title: 'Profile',
    load: () => import('../features/profile/ProfileScreen.tsx'),
    guards: SIGNED_IN_WITH_SEMS01,
  },
  {
    path: ROUTES.esvc,
    title: 'E-services',
    load: () => import('../features/esvc/EsvcScreen.tsx'),
    guards: SIGNED_IN_WITH_SEMS01,
  },
  {
    path: ROUTES.generic,
    title: 'E-service',
    load: () => import('../features/generic/GenericScreen.tsx'),
    guards: SIGNED_IN_WITH_SEMS01,
  },
  {
    path: ROUTES.register,
    title: 'Insolvency register search',
    load: () => import('../features/register/RegisterScreen.tsx'),
    guards: SIGNED_IN_WITH_SEMS01,
  },
  {
    path: ROUTES.watchlist,
    title: 'Insolvency Case Watchlist',
    load: () => import('../features/register/WatchlistScreen.tsx'),
    guards: SIGNED_IN_WITH_SEMS01,
  },
  {
    path: ROUTES.inbox,
    title: INBOX_TITLE,
    load: () => import('../features/notifications/InboxScreen.tsx'),
    guards: SIGNED_IN_WITH_SEMS01,
  },
  { path: ROUTES.search, title: 'Search results', load: () => import('../features/search/SearchPage.tsx') },
  {
    path: ROUTES.accessDenied,
    title: ERROR_SCREEN_TITLES.accessDenied,
    titleFor: withErrorCode(ERROR_SCREEN_TITLES.accessDenied),
    load: () => errors().then((m) => ({ default: m.AccessDenied })),
  },
  {
    path: ROUTES.pageNotFound,
    title: ERROR_SCREEN_TITLES.pageNotFound,
    titleFor: withErrorCode(ERROR_SCREEN_TITLES.pageNotFound),
    load: () => errors().then((m) => ({ default: m.PageNotFound })),
  },
  {
    path: ROUTES.systemError,
    title: ERROR_SCREEN_TITLES.systemError,
    titleFor: withErrorCode(ERROR_SCREEN_TITLES.systemError),
    load: () => errors().then((m) => ({ default: m.SystemError })),
  },
  {
    path: ROUTES.unexpectedError,
    title: ERROR_SCREEN_TITLES.unexpectedError,
    titleFor: withErrorCode(ERROR_SCREEN_TITLES.unexpectedError),
    load: () => errors().then((m) => ({ default: m.UnexpectedError })),
  },
  { path: ROUTES.faqs, title: 'FAQs', load: () => content().then((m) => ({ default: m.FaqsScreen })) },
  { path: ROUTES.contactUs, title: 'Contact Us', load: () => content().then((m) => ({ default: m.ContactUsScreen })) },
  {
    path: ROUTES.usefulLinks,
    title: 'Useful Links',
    load: () => content().then((m) => ({ default: m.UsefulLinksScreen })),
  },
  {
    path: ROUTES.privacyStatement,
    title: 'Privacy Statement',
    load: () => content().then((m) => ({ default: m.PrivacyStatementScreen })),
  },
  {
    path: ROUTES.termsAndConditions,
    title: 'Terms & Conditions',
    load: () => content().then((m) => ({ default: m.TermsAndConditionsScreen })),
  },
  {
    path: ROUTES.termsOfUse,
    title: 'Terms of Use',
    load: () => content().then((m) => ({ default: m.TermsOfUseScreen })),
  },
  {
    path: ROUTES.reportVulnerability,
    title: 'Report Vulnerability',
    load: () => content().then((m) => ({ default: m.ReportVulnerabilityScreen })),
  },
  { path: ROUTES.rate, title: 'Rate This E-Service', load: () => import('../features/rate/RatePage.tsx') },
  {
    path: OFFICER_HOME,
    title: 'Case queues',
    load: () => officer().then((m) => ({ default: m.QueuesScreen })),
    guards: CASE_WORK,
  },
  {
    path: OFFICER_CASE,
    title: 'Case',
    load: () => officer().then((m) => ({ default: m.CaseScreen })),
    guards: CASE_WORK,
  },
  {
    path: OFFICER_PAYMENTS,
    title: 'Payment reconciliation',
    load: () => import('./reconciliation.ts'),
    guards: FINANCE_WORK,
  },
];

export const notFoundRoute: RouteDef = {
  path: '*',
  title: ERROR_SCREEN_TITLES.pageNotFound,
  titleFor: withErrorCode(ERROR_SCREEN_TITLES.pageNotFound),
  load: () => errors().then((m) => ({ default: m.PageNotFound })),
};
