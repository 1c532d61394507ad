import { ROUTES } from '#contract/index.ts';
import { toHash } from '../router/router.ts';

/** Screens that make no sense to come back to after signing in. */
const NOT_A_TARGET: readonly string[] = [ROUTES.home, ROUTES.login, ROUTES.accessInitial].map(toHash);

/** Where to go after signing in: the remembered address if it is one of ours, else the dashboard. */
export function signInTarget(remembered: string | null): string {
  if (remembered && remembered.startsWith('#/')) {
    const path = remembered.split('?', 1)[0] ?? '';
    if (!NOT_A_TARGET.includes(path)) return remembered;
  }
  return toHash(ROUTES.dashboard);
}
