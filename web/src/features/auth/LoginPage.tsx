import type { ScreenProps } from '../../lib/router/router.ts';
import { SsoSignIn } from '../sso/SsoSignIn.tsx';
import { LoginForm } from './LoginForm.tsx';
import { useCompleteSignIn } from './useCompleteSignIn.ts';
import './auth.css';

/** `#/login`: the login screen. */
export default function LoginPage(_props: ScreenProps) {
  const complete = useCompleteSignIn();
  return (
    <section className="login-page" aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        Log in to PTIB e-Services
      </h1>
      <p>Use the login name and password of your PTIB account.</p>
      <LoginForm onToken={complete} />
      <SsoSignIn />
    </section>
  );
}
