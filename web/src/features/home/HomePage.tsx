import { HOME_STEP, HOME_STEP_MESSAGES } from '../../../../contract/index.ts';
import type { ScreenProps } from '../../lib/router/router.ts';

/** The message for home's step (§2): logged out, logged out for a bad token, or interrupted. */
export function stepMessage(query: URLSearchParams): string | null {
  const step = query.get('step');
  if (step === HOME_STEP.logout)
    return query.get('wrongToken') === 'Y' ? HOME_STEP_MESSAGES.wrongToken : HOME_STEP_MESSAGES.loggedOut;
  if (step === HOME_STEP.interrupted) return HOME_STEP_MESSAGES.interrupted;
  return null;
}

/** Home: the public landing page; shows the logged-out and interrupted states (§2). */
export default function HomePage({ location }: ScreenProps) {
  const message = stepMessage(location.query);
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
