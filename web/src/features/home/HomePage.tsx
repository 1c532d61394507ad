import { HOME_STEP } from '../../../../contract/index.ts';
import type { ScreenProps } from '../../lib/router/router.ts';

/** Home: the public landing page; shows the logged-out and interrupted states (§2). */
export default function HomePage({ location }: ScreenProps) {
  const step = location.query.get('step');
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        Welcome to PTIB e-Services
      </h1>
      {step === HOME_STEP.logout && (
        <p role="status" className="notice">
          {location.query.get('wrongToken')
            ? 'Your session is no longer valid, so you have been logged out.'
            : 'You have been logged out.'}
        </p>
      )}
      {step === HOME_STEP.interrupted && (
        <p role="status" className="notice">
          Your session was interrupted because your account signed in somewhere else.
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
