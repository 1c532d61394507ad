import './proxy.css';
import { useId, useState, type FormEvent } from 'react';
import { NOTIFICATION_MESSAGES } from '#contract/notifications.ts';
import type { ProxyOption } from './options.ts';

export interface ProxySelectorProps {
  options: readonly ProxyOption[];
  /** The profile acted for now ('' = myself). */
  actingId: string;
  /** Switches; resolves when done (the caller reports failures). */
  onSwitch: (option: ProxyOption) => Promise<void>;
  /** Each choice's unread messages, by its id ('' = myself); none while unknown (docs/decisions/0101). */
  unread?: ReadonlyMap<string, number>;
}

export const ACTING_NOW_SUFFIX = ' (acting now)';
export const BLOCKED_REASON = 'Not available: your access to act for this profile is blocked.';

/**
 * The master user's choice of whom to act for: a radio group, so that blocked entries can stay in the
 * list, disabled, with the reason next to them.
 */
export function ProxySelector({ options, actingId, onSwitch, unread }: ProxySelectorProps) {
  const baseId = useId();
  const [choice, setChoice] = useState(actingId);
  // A switch (here or in another tab) moves the choice to the profile now acted for; the form stays
  // mounted so the focus stays on its button.
  const [shownActing, setShownActing] = useState(actingId);
  if (shownActing !== actingId) {
    setShownActing(actingId);
    setChoice(actingId);
  }
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const option = options.find((o) => o.ptibProfileID === choice);
    if (!option || option.blocked || busy) return;
    if (option.ptibProfileID === actingId) {
      setNote(`You are already acting as ${option.label}.`);
      return;
    }
    setNote('');
    setBusy(true);
    try {
      await onSwitch(option);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="proxy-selector" onSubmit={(e) => void submit(e)} aria-busy={busy}>
      <fieldset>
        <legend>Choose whom to act for</legend>
        <ul className="choice-list">
          {options.map((option, index) => {
            const inputId = `${baseId}-${index}`;
            const reasonId = `${inputId}-reason`;
            const unreadHere = unread?.get(option.ptibProfileID) ?? 0;
            return (
              <li key={option.ptibProfileID || 'myself'}>
                <input
                  type="radio"
                  id={inputId}
                  name={`${baseId}-proxy`}
                  value={option.ptibProfileID}
                  checked={choice === option.ptibProfileID}
                  disabled={option.blocked}
                  aria-describedby={option.blocked ? reasonId : undefined}
                  onChange={() => setChoice(option.ptibProfileID)}
                />
                <label htmlFor={inputId}>
                  {option.ptibProfileID === actingId ? `${option.label}${ACTING_NOW_SUFFIX}` : option.label}
                  {unreadHere > 0 && (
                    <>
                      , <strong>{NOTIFICATION_MESSAGES.profileUnread(unreadHere)}</strong>
                    </>
                  )}
                </label>
                {option.blocked && (
                  <span id={reasonId} className="choice-hint">
                    {BLOCKED_REASON}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      {/* Not disabled while busy: a disabled button loses the focus (the browser moves it to the page), so
          the user would lose their place; submit ignores a click while busy instead. */}
      <button type="submit" className="button" aria-disabled={busy || undefined}>
        {busy ? 'Switching…' : 'Switch profile'}
      </button>
      <p role="status" className="form-note">
        {note}
      </p>
    </form>
  );
}
