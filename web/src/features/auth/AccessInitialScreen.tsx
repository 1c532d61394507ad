import { useEffect, useState } from 'react';
import { HANDOVER_MESSAGES, HOME_STEP, ROUTES } from '#contract/index.ts';
import { buildHref } from '../../lib/router/location.ts';
import { toHash } from '../../lib/router/router.ts';
import type { ScreenProps } from '../../lib/router/router.ts';
import { useRouter } from '../../lib/router/RouterView.tsx';
import { session } from '../../lib/session/index.ts';
import { exchangeHandover, handoverScreen, personLabel, type HandoverScreenState } from './handover.ts';
import './auth.css';

const fill = (text: string, people: { current?: string; next?: string }) =>
  text.replace('{current}', people.current ?? '').replace('{next}', people.next ?? '');

/**
 * `#/access-initial`: its guard exchanges the hand-over code and moves on. The screen shows only when the
 * guard stops here: to ask before another user's session replaces the one signed in (naming both), or
 * to say why the code could not be used (docs/decisions/0030).
 */
export default function AccessInitialScreen(_props: ScreenProps) {
  const router = useRouter();
  const [state, setState] = useState<HandoverScreenState | null>(() => handoverScreen.get());
  const [busy, setBusy] = useState(false);
  // The question is for this visit of the screen only.
  useEffect(() => () => handoverScreen.set(null), []);

  /** Back through the guard, which goes on with whichever session this browser now has. */
  const goOn = () => {
    handoverScreen.set(null);
    router.refresh();
  };

  const replace = async (code: string) => {
    if (busy) return;
    setBusy(true);
    const exchanged = await exchangeHandover(code);
    setBusy(false);
    if (exchanged.kind === 'failed') {
      const failed: HandoverScreenState = { kind: 'failed', message: exchanged.message, signedIn: true };
      handoverScreen.set(failed);
      setState(failed);
      return;
    }
    try {
      session.begin({ token: exchanged.value, rememberMe: false });
    } catch {
      handoverScreen.set(null);
      router.navigate(buildHref(ROUTES.home, { step: HOME_STEP.logout }));
      return;
    }
    goOn();
  };

  if (state?.kind === 'question') {
    const people = { current: personLabel(state.current), next: personLabel(state.next) };
    return (
      <section aria-labelledby="page-heading" className="handover-question">
        <h1 id="page-heading" tabIndex={-1}>
          {HANDOVER_MESSAGES.title}
        </h1>
        <p>{fill(HANDOVER_MESSAGES.question, people)}</p>
        <p className="warning-text">
          <strong>{fill(HANDOVER_MESSAGES.warning, people)}</strong>
        </p>
        <div className="button-group">
          <button type="button" onClick={() => void replace(state.code)} aria-busy={busy} disabled={busy}>
            {fill(HANDOVER_MESSAGES.replace, people)}
          </button>
          <button type="button" className="button-secondary" onClick={goOn} disabled={busy}>
            {fill(HANDOVER_MESSAGES.keep, people)}
          </button>
        </div>
      </section>
    );
  }

  if (state?.kind === 'failed') {
    return (
      <section aria-labelledby="page-heading">
        <h1 id="page-heading" tabIndex={-1}>
          {HANDOVER_MESSAGES.failedTitle}
        </h1>
        <p role="alert">{state.message}</p>
        <p>
          {state.signedIn ? (
            <a href={toHash(ROUTES.dashboard)}>{HANDOVER_MESSAGES.toDashboard}</a>
          ) : (
            <a href={toHash(ROUTES.login)}>{HANDOVER_MESSAGES.toLogin}</a>
          )}
        </p>
      </section>
    );
  }

  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        Signing you in
      </h1>
      <p role="status">Please wait while we sign you in.</p>
    </section>
  );
}
