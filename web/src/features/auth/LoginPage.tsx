import { useSiteConfig } from '../../components/shell/siteConfig.ts';
import { lazyPart } from '../../lib/lazy/lazyPart.tsx';
import type { ScreenProps } from '../../lib/router/router.ts';
import { LoginForm } from './LoginForm.tsx';
import { useCompleteSignIn } from './useCompleteSignIn.ts';
import './auth.css';

// Only deployments with SAML offer single sign-on, and only once GET /api/config said so: its code loads
// then, not with every visit to the login screen (the first-load budget of #/login, docs/decisions/0026 and scripts/size-budget.ts).
const SsoSignIn = lazyPart(() => import('../../app/SsoSignIn.ts').then((m) => ({ default: m.SsoSignIn })));

/** `#/login`: the login screen. The build prerenders it (docs/decisions/0012-prerendered-home.md). */
export default function LoginPage(_props: ScreenProps) {
  const complete = useCompleteSignIn();
  const ssoEnabled = useSiteConfig()?.ssoEnabled === true;
  return (
    <section className="login-page" aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        Log in to PTIB e-Services
      </h1>
      <p>Use the login name and password of your PTIB account.</p>
      <LoginForm onToken={complete} />
      {ssoEnabled && <SsoSignIn />}
    </section>
  );
}

// The login dialog takes the form from here, so that the login screen's code is one chunk (a chunk
// shared by the two would cost #/login a second file and its gzip overhead).
export { LoginForm, useCompleteSignIn };
