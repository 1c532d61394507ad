import { lazyPart } from '../../lib/lazy/lazyPart.tsx';
import { useSession } from '../../lib/session/useSession.ts';

// The warning dialog's code (countdown, focus trap, styles) loads once a user is signed in, not on the
// first load of a public page: it keeps the home route within its size budget (bench/README.md).
const SessionWarning = lazyPart(() => import('./SessionWarning.tsx').then((m) => ({ default: m.SessionWarning })));

/** Mounts the idle-logout warning for signed-in users only. */
export function SessionWarningSlot() {
  const { signedIn } = useSession();
  if (!signedIn) return null;
  return <SessionWarning />;
}
