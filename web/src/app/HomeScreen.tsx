import { useEffect, useState } from 'react';
import { LOGIN_REQUIRED_QUERY } from '#contract/index.ts';
import HomePage from '../features/home/HomePage.tsx';
import { lazyPart } from '../lib/lazy/lazyPart.tsx';
import type { ScreenProps } from '../lib/router/router.ts';
import { session } from '../lib/session/index.ts';
import { getToken } from '../lib/session/storage.ts';

const LoginDialog = lazyPart(() => import('../features/auth/LoginDialog.tsx'));

/**
 * Home as the router shows it: the home page, with the login dialog when a guard sent the user there
 * (`#/home?login=required`), once per visit of that address (the router mounts a screen anew for each):
 * closing it leaves the user on home. Here, not in the shell, so that only home's chunk carries it, and not
 * in features/home, as features import no other feature.
 *
 * Only for a tab with no session once it is known (a new tab may first get one from a live tab): a signed-in
 * user reaches the address by Back after signing in, and a sign-in over their session would leave the other
 * tabs showing one user while acting as another. Decided once, at opening: the dialog's own sign-in does not
 * close it halfway.
 */
export default function HomeScreen(props: ScreenProps) {
  const [dialogClosed, setDialogClosed] = useState(false);
  const [signedOut, setSignedOut] = useState(false);
  const wanted = props.location.query.get(LOGIN_REQUIRED_QUERY.name) === LOGIN_REQUIRED_QUERY.value;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void session.whenReady().then(() => {
      if (live) setSignedOut(!getToken());
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  return (
    <>
      <HomePage {...props} />
      {wanted && signedOut && !dialogClosed && <LoginDialog onClosed={() => setDialogClosed(true)} />}
    </>
  );
}
