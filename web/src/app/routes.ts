import { ROUTES } from '../../../contract/index.ts';
import type { RouteDef } from '../lib/router/router.ts';
import HomePage from '../features/home/HomePage.tsx';

const placeholder = () => import('../features/placeholder/PlaceholderScreen.tsx');
const errors = () => import('../features/errors/ErrorScreen.tsx');

/** Every route of decisions.md §3. Home is in the main bundle; every other screen is its own chunk. */
export const routes: readonly RouteDef[] = [
  { path: ROUTES.home, title: 'Home', load: () => Promise.resolve({ default: HomePage }) },
  { path: ROUTES.login, title: 'Log in', load: placeholder },
  { path: ROUTES.accessInitial, title: 'Signing in', load: placeholder },
  { path: ROUTES.dashboard, title: 'Dashboard', load: placeholder },
  { path: ROUTES.profile, title: 'Profile', load: placeholder },
  { path: ROUTES.esvc, title: 'E-services', load: placeholder },
  { path: ROUTES.generic, title: 'E-service', load: placeholder },
  { path: ROUTES.search, title: 'Search results', load: placeholder },
  {
    path: ROUTES.accessDenied,
    title: 'Access denied',
    load: () => errors().then((m) => ({ default: m.AccessDenied })),
  },
  {
    path: ROUTES.pageNotFound,
    title: 'Page not Found',
    load: () => errors().then((m) => ({ default: m.PageNotFound })),
  },
  { path: ROUTES.systemError, title: 'System Error', load: () => errors().then((m) => ({ default: m.SystemError })) },
  {
    path: ROUTES.unexpectedError,
    title: 'Unexpected System Error',
    load: () => errors().then((m) => ({ default: m.UnexpectedError })),
  },
  { path: ROUTES.faqs, title: 'FAQs', load: placeholder },
  { path: ROUTES.contactUs, title: 'Contact Us', load: placeholder },
  { path: ROUTES.usefulLinks, title: 'Useful Links', load: placeholder },
  { path: ROUTES.privacyStatement, title: 'Privacy Statement', load: placeholder },
  { path: ROUTES.termsAndConditions, title: 'Terms & Conditions', load: placeholder },
  { path: ROUTES.termsOfUse, title: 'Terms of Use', load: placeholder },
  { path: ROUTES.reportVulnerability, title: 'Report Vulnerability', load: placeholder },
  { path: ROUTES.rate, title: 'Rate This E-Service', load: placeholder },
];

export const notFoundRoute: RouteDef = {
  path: '*',
  title: 'Page not Found',
  load: () => errors().then((m) => ({ default: m.PageNotFound })),
};
