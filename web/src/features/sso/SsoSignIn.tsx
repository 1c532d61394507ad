import { useState } from 'react';
import { useSiteConfig } from '../../components/shell/siteConfig.ts';
import { startSso } from './api.ts';
import './sso.css';

/** Leaves the app for the identity provider (not an app route, so not through the router). */
export const leaveForIdentityProvider = { go: (url: string) => window.location.assign(url) };

/**
 * "Log in with single sign-on", offered only when the deployment has SAML configured (GET /api/config
 * ssoEnabled). The identity provider posts its answer to the server, which comes back to #/access-initial.
 */
export function SsoSignIn() {
  const config = useSiteConfig();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!config?.ssoEnabled) return null;

  const start = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const outcome = await startSso();
    if (outcome.kind === 'redirect') {
      leaveForIdentityProvider.go(outcome.url);
      return;
    }
    setBusy(false);
    setError(outcome.message);
  };

  return (
    <section className="sso-sign-in" aria-labelledby="sso-title">
      <h2 id="sso-title">Or use single sign-on</h2>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button-secondary" onClick={() => void start()} aria-busy={busy}>
        Log in with single sign-on
      </button>
    </section>
  );
}
