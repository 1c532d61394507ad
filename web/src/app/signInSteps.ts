/**
 * What the login form needs only once it is sent: the sign-in calls (and through them the contract's
 * schemas), the device description and the one-time password step. LoginForm imports this lazily, when
 * the visitor starts typing (or sends the form), so the login screen's own chunk stays small (the first-load
 * 85 KB budget for #/login, scripts/size-budget.ts).
 */
import { session } from '../lib/session/index.ts';
import { peekReturnTo } from '../lib/session/engineStorage.ts';
import { signInTarget } from '../lib/session/target.ts';
import { toHash } from '../lib/router/router.ts';
import { ROUTES } from '#contract/index.ts';

// Here, where the app puts features together, as the step of one feature (otp) belongs to another's
// journey (auth): features import no other feature (eslint.config.js).
import { prepareSignIn } from '../features/auth/api.ts';

export { signIn } from '../features/auth/api.ts';
export { deviceModel } from '../features/auth/device.ts';
export { OtpStep } from '../features/otp/OtpStep.tsx';
export { beginPendingOtp, pendingOtp } from '../features/otp/pending.ts';

/**
 * The code of what a sign-in shows next, loaded while the user types (docs/decisions/0052): the signed-in
 * header's parts and, unless a guard remembered another address, the dashboard with what it needs. After
 * Log in, only calls are left: the dashboard greets the user as soon as the profile is in. A load that
 * fails here is tried again, and reported, where the part is shown.
 */
function loadWhatComesNext(): void {
  const parts: Promise<unknown>[] = [
    import('../features/auth/SessionWarning.tsx'),
    import('../features/notifications/InboxLink.tsx'),
    import('../features/esvc/EserviceMenu.tsx'),
  ];
  if (signInTarget(peekReturnTo()) === toHash(ROUTES.dashboard))
    parts.push(import('../features/dashboard/DashboardScreen.tsx'));
  for (const part of parts) part.catch(() => undefined);
}

// The session engine loads with the sign-in steps, not with the screen: by the time a token comes back,
// the session begins at once (lib/session/deferred.ts).
void session.ensure().catch(() => undefined);
// What Log in needs from nobody but the server, under way while the user types (docs/decisions/0051).
prepareSignIn();
loadWhatComesNext();
