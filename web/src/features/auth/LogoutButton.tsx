import { LOGOUT_LABEL } from '#contract/index.ts';
import { session } from '../../lib/session/index.ts';
import { useSession } from '../../lib/session/useSession.ts';

/** The header's 'Log out' control, shown while signed in. */
export function LogoutButton() {
  const { signedIn } = useSession();
  if (!signedIn) return null;
  return (
    <button
      type="button"
      className="button button-secondary logout-button"
      onClick={() => void session.logout('explicit')}
    >
      {LOGOUT_LABEL}
    </button>
  );
}
