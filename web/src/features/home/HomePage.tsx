import { DEFAULT_CONTACT_PHONE, HOME_STEP, HOME_STEP_MESSAGES, withPhone } from '#contract/index.ts';
import { useSiteConfig } from '../../components/shell/siteConfig.ts';
import { lazyPart } from '../../lib/lazy/lazyPart.tsx';
import type { ScreenProps } from '../../lib/router/router.ts';
import { useSession } from '../../lib/session/useSession.ts';

/**
 * Only a signed-in user sees it, so it loads then, not with every visitor's first load
 * (docs/decisions/0038). Until it has loaded the page shows no heading yet (the router's focus waits for
 * it); offline, the toast says part of the page could not load, and it comes when back online.
 */
const SignedInHome = lazyPart(() => import('./SignedInHome.tsx'));

/** The message for home's step (§2): logged out, logged out for a bad token, or interrupted. */
export function stepMessage(query: URLSearchParams, phone: string): string | null {
  const step = query.get('step');
  if (step === HOME_STEP.logout)
    return query.get('wrongToken') === 'Y' ? HOME_STEP_MESSAGES.wrongToken : HOME_STEP_MESSAGES.loggedOut;
  if (step === HOME_STEP.interrupted) return withPhone(HOME_STEP_MESSAGES.interrupted, phone);
  return null;
}

/**
 * Home: the public landing page; shows the logged-out and interrupted states (§2). A signed-in user
 * (the logo, a refused proxy switch) is welcomed by name with the way back to their work, never asked
 * to log in. The page is prerendered signed out (docs/decisions/0012): the signed-in variant appears
 * once the app has taken over and the stored session is known.
 */
export default function HomePage({ location }: ScreenProps) {
  const { signedIn } = useSession();
  const phone = useSiteConfig()?.contactPhone ?? DEFAULT_CONTACT_PHONE;
  // Every step says the user is signed out: not to someone signed in again (Back to the logout address).
  if (signedIn) return <SignedInHome />;
  const message = stepMessage(location.query, phone);
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        Welcome to PTIB e-Services
      </h1>
      {message && (
        <p role="status" className="notice" data-testid="home-step-message">
          {message}
        </p>
      )}
      <p>
        Registered PTIB users can sign in to file applications, make payments, run searches and follow their records.
      </p>
      <p>
        <a className="button" href="#/login">
          Log in
        </a>
      </p>
    </section>
  );
}
