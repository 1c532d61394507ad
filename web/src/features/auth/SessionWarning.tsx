import { useEffect, useRef, useState } from 'react';
import { SESSION_WARNING_MESSAGES } from '#contract/index.ts';
import { singaporeClock } from '#contract/singapore.ts';
import type { SessionEngine } from '../../lib/session/engine.ts';
import { session } from '../../lib/session/index.ts';
import { useSession } from '../../lib/session/useSession.ts';
import { announcementSlot, announcementText, clockDuration } from './countdown.ts';
import { useModalDialog } from '../../lib/dialog/useModalDialog.ts';
import './auth.css';

/**
 * Beyond the specification (decisions.md §5): the warning two minutes before an idle session ends; or, once
 * the session's absolute limit is its deadline, a notice of when it comes, from as soon as that is known.
 */
export function SessionWarning({ engine = session }: { engine?: SessionEngine }) {
  const { warning, deadline, refreshFailing, final } = useSession(engine);
  if (deadline === null) return null;
  if (final) return <LimitNotice deadline={deadline} />;
  if (!warning) return null;
  return <WarningDialog engine={engine} deadline={deadline} refreshFailing={refreshFailing} />;
}

/**
 * No refresh can keep the session past its limit, so there is nothing to offer but the time: not modal, so
 * the user can save their work, and it can be closed, by its button or by Escape (docs/decisions/0089). It
 * floats over the bottom of the window, a band the page keeps clear of the focus (auth.css).
 */
function LimitNotice({ deadline }: { deadline: number }) {
  const [closed, setClosed] = useState(false);
  const ref = useRef<HTMLElement>(null);
  // Where the focus was before it came into the notice: where Close puts it back.
  const cameFrom = useRef<Element | null>(null);

  const close = () => {
    if (ref.current?.contains(document.activeElement)) {
      const back = cameFrom.current;
      (back instanceof HTMLElement && back.isConnected ? back : document.querySelector('main'))?.focus();
    }
    setClosed(true);
  };

  useEffect(() => {
    if (closed) return;
    // Escape anywhere: the notice comes unasked, so a keyboard user needs no walk through the page to its
    // button. What Escape closes first (a dialog, the menu) keeps it.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !document.querySelector('dialog[open]')) close();
    };
    // Focus coming in only notes where from: a plain listener, not a handler of the section.
    const notice = ref.current;
    const onFocusIn = (event: FocusEvent) => {
      const from = event.relatedTarget as Element | null;
      if (!notice?.contains(from)) cameFrom.current = from;
    };
    document.addEventListener('keydown', onKeyDown);
    notice?.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      notice?.removeEventListener('focusin', onFocusIn);
    };
  });

  useEffect(() => {
    // The control the user was on when the notice came may now be under it: brought above its band.
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && !ref.current?.contains(active))
      active.scrollIntoView?.({ block: 'nearest' });
  }, []);

  if (closed) return null;
  return (
    <section ref={ref} className="session-limit" aria-labelledby="session-limit-title">
      <h2 id="session-limit-title">{SESSION_WARNING_MESSAGES.title}</h2>
      <p role="alert">{SESSION_WARNING_MESSAGES.limitBody(singaporeClock(new Date(deadline)))}</p>
      <button type="button" className="button button-secondary" onClick={close}>
        {SESSION_WARNING_MESSAGES.limitClose}
      </button>
    </section>
  );
}

function WarningDialog({
  engine,
  deadline,
  refreshFailing,
}: {
  engine: SessionEngine;
  deadline: number;
  refreshFailing: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const stayRef = useRef<HTMLButtonElement>(null);
  const [now, setNow] = useState(() => engine.now());
  const [polite, setPolite] = useState('');
  const [urgent, setUrgent] = useState('');
  const [busy, setBusy] = useState(false);
  // Opening the dialog reads its title and text: the first announcement is the next slot's.
  const lastSlot = useRef(announcementSlot((deadline - engine.now()) / 1000).key);
  const secondsLeft = Math.max(0, (deadline - now) / 1000);
  const stay = () => {
    if (busy) return;
    setBusy(true);
    engine.requestRefresh();
  };

  useModalDialog(ref, {
    initialFocus: () => stayRef.current,
    // The browser may close the dialog itself (Escape without a cancel the page may refuse, since
    // Chromium's close watchers allow one refusal per user activation): that is an answer too, so it
    // keeps the session, and the warning stays up until the refresh has ended it, never gone for good.
    onClosed: () => {
      stay();
      const dialog = ref.current;
      if (dialog?.isConnected && !dialog.open) {
        dialog.showModal();
        stayRef.current?.focus();
      }
    },
  });

  useEffect(() => {
    // Read from the clock each time, so a late or throttled timer still shows and says the right time.
    const tick = () => {
      const current = engine.now();
      setNow(current);
      const left = Math.max(0, (deadline - current) / 1000);
      const slot = announcementSlot(left);
      if (slot.key === lastSlot.current) return;
      lastSlot.current = slot.key;
      if (slot.urgent) setUrgent(announcementText(left, true));
      else setPolite(announcementText(left, false));
    };
    const id = setInterval(tick, 1_000);
    document.addEventListener('visibilitychange', tick);
    window.addEventListener('focus', tick);
    return () => {
      clearInterval(id);
      document.removeEventListener('visibilitychange', tick);
      window.removeEventListener('focus', tick);
    };
  }, [engine, deadline]);

  return (
    <dialog
      ref={ref}
      className="modal session-warning"
      aria-labelledby="session-warning-title"
      aria-describedby="session-warning-body"
      onCancel={(e) => {
        // Escape is an answer too: the user is here, so it keeps the session.
        e.preventDefault();
        stay();
      }}
    >
      <h2 id="session-warning-title">{SESSION_WARNING_MESSAGES.title}</h2>
      <p id="session-warning-body">
        {SESSION_WARNING_MESSAGES.body} Time left: <strong className="countdown">{clockDuration(secondsLeft)}</strong>
      </p>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="session-warning-polite">
        {polite}
      </p>
      <p className="visually-hidden" aria-live="assertive" aria-atomic="true" data-testid="session-warning-urgent">
        {urgent}
      </p>
      {refreshFailing && (
        <p role="alert" className="field-error">
          {SESSION_WARNING_MESSAGES.stayFailed}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="button" ref={stayRef} onClick={stay} aria-disabled={busy}>
          {SESSION_WARNING_MESSAGES.stay}
        </button>
        <button type="button" className="button button-secondary" onClick={() => void engine.logout('explicit')}>
          {SESSION_WARNING_MESSAGES.logout}
        </button>
      </div>
    </dialog>
  );
}
