import { useCallback, useState } from 'react';
import { LOGIN_REQUIRED_QUERY, ROUTES } from '#contract/index.ts';
import { lazyPart } from '../../lib/lazy/lazyPart.tsx';
import { useRouterState } from '../../lib/router/RouterView.tsx';

const LoginDialog = lazyPart(() => import('./LoginDialog.tsx'));

/**
 * Opens the login dialog on home when a guard sent the user there (`#/home?login=required`), once per
 * visit of that address: closing it leaves the user on home.
 */
export function LoginDialogHost() {
  const { route, location, key } = useRouterState();
  const [closedFor, setClosedFor] = useState<number | null>(null);
  const onClosed = useCallback(() => setClosedFor(key), [key]);
  const wanted =
    route?.path === ROUTES.home && location.query.get(LOGIN_REQUIRED_QUERY.name) === LOGIN_REQUIRED_QUERY.value;
  if (!wanted || closedFor === key) return null;
  return <LoginDialog key={key} onClosed={onClosed} />;
}
