import { HOME_STEP, HOME_STEP_MESSAGES, HOME_TEXT, ROUTES } from '../../../../contract/index.ts';
import type { ScreenProps } from '../../lib/router/router.ts';
import { identity as identityStore } from '../../lib/session/index.ts';
import { useIdentity } from '../../lib/session/useIdentity.ts';
import { useSession } from '../../lib/session/useSession.ts';

/** The message for home's step (§2): logged out, logged out for a bad token, or interrupted. */
export function stepMessage(query: URLSearchParams): string | null {
  const step = query.get('step');
  if (step === HOME_STEP.logout)
    return query.get('wrongToken') === 'Y' ? HOME_STEP_MESSAGES.wrongToken : HOME_STEP_MESSAGES.loggedOut;
  if (step === HOME_STEP.interrupted) return HOME_STEP_MESSAGES.interrupted;
  return null;
}

/**
 * Home: the public landing page; shows the logged-out and interrupted states (§2). A signed-in user
 * (the logo, a refused proxy switch) is welcomed by name with the way back to their work, never asked
 * to log in. The page is prerendered signed out (docs/decisions/0012): the signed-in variant appears
 * once the app has taken over and the stored session is known.
 */
export default function HomePage({ location }: ScreenProps) {
  const message = stepMessage(location.query);
  const { signedIn } = useSession();
  if (signedIn) return <SignedInHome message={message} />;
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

function SignedInHome({ message }: { message: string | null }) {
  const identity = useIdentity(identityStore);
  // Acting for another profile, the name would be theirs, not the user's: the header says whom they act for.
  const ownName = identity && identity.ptibProfileID === identity.ownPtibProfileID ? identity.PTIBName : null;
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        {ownName ? HOME_TEXT.signedInHeading(ownName) : HOME_TEXT.signedInHeadingNoName}
      </h1>
      {message && (
        <p role="status" className="notice" data-testid="home-step-message">
          {message}
        </p>
      )}
      <p>{HOME_TEXT.signedInLead}</p>
      <ul className="home-links">
        <li>
          <a className="button" href={`#${ROUTES.dashboard}`}>
            {HOME_TEXT.dashboardLink}
          </a>
        </li>
        <li>
          <a href={`#${ROUTES.esvc}`}>{HOME_TEXT.eservicesLink}</a>
        </li>
      </ul>
    </section>
  );
}
