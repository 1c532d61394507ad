import { useState } from 'react';
import { LOGIN_REQUIRED_QUERY } from '#contract/index.ts';
import HomePage from '../features/home/HomePage.tsx';
import { lazyPart } from '../lib/lazy/lazyPart.tsx';
import type { ScreenProps } from '../lib/router/router.ts';

const LoginDialog = lazyPart(() => import('../features/auth/LoginDialog.tsx'));

/**
 * Home as the router shows it: the home page, with the login dialog when a guard sent the user there
 * (`#/home?login=required`), once per visit of that address (the router mounts a screen anew for each):
 * closing it leaves the user on home. Here, not in the shell, so that only home's chunk carries it, and not
 * in features/home, as features import no other feature.
 */
export default function HomeScreen(props: ScreenProps) {
  const [dialogClosed, setDialogClosed] = useState(false);
  const wanted = props.location.query.get(LOGIN_REQUIRED_QUERY.name) === LOGIN_REQUIRED_QUERY.value;
  return (
    <>
      <HomePage {...props} />
      {wanted && !dialogClosed && <LoginDialog onClosed={() => setDialogClosed(true)} />}
    </>
  );
}
