import { useId, useRef, useState, type FormEvent } from 'react';
import {
  EMAIL_ADDRESS,
  EMAIL_CODE_PATTERN,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_MESSAGES,
  normaliseEmailCode,
  type NotificationKind,
} from '#contract/notifications.ts';
import { ErrorSummary } from '../../components/form/ErrorSummary.tsx';
import { LoadStatus } from '../../components/load/LoadStatus.tsx';
import { formatDay } from '../../components/shell/formatMoment.ts';
import { TableScroll } from '../../components/table/TableScroll.tsx';
import { useLoad } from '../../lib/http/useLoad.ts';
import { useFocusWhenLost } from '../../lib/useFocusWhenLost.ts';
import {
  confirmEmail,
  fetchPreferences,
  savePreferences,
  startEmail,
  type KindChoice,
  type PreferencesView,
} from './api.ts';

/** What the last change here came to: done, or why not (the server's words). */
type Said = { text: string; error?: boolean } | null;
/** A change refused: the server's reason, or nothing when there is none (the HTTP layer has said why). */
const refusal = (message: string): Said => (message ? { text: message, error: true } : null);

function SaidStatus({ said }: { said: Said }) {
  return (
    <p role="status" className={said?.error ? 'field-error' : undefined}>
      {said?.text ?? ''}
    </p>
  );
}

const label = (kind: string) => NOTIFICATION_KIND_LABELS[kind as NotificationKind] ?? kind;

function EmailAddress({ prefs, onChange }: { prefs: PreferencesView; onChange: (p: PreferencesView) => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [said, setSaid] = useState<Said>(null);
  /** The problems of what was typed, by the server's own rules and words (the contract's). */
  const [errors, setErrors] = useState<{ email?: string; code?: string }>({});
  /** Each send that ends in a problem: the error summary takes the focus. */
  const [attempt, setAttempt] = useState(0);
  const [waiting, setWaiting] = useState(prefs.pendingEmail);
  // A confirmed code takes its form, and the focus in it, away: the focus goes to the address now confirmed.
  const address = useRef<HTMLParagraphElement>(null);
  const [confirmed, setConfirmed] = useState(0);
  useFocusWhenLost(confirmed, () => address.current);
  // One call at a time: a second code sent would make the first one, already on its way, useless.
  const calling = useRef(false);
  const once = async <T,>(call: () => Promise<T>): Promise<T | null> => {
    if (calling.current) return null;
    calling.current = true;
    try {
      return await call();
    } finally {
      calling.current = false;
    }
  };
  /** The problem of a field, or none: shown in the summary and under the field, the browser's own kept out. */
  const checked = (field: 'email' | 'code', problem: string | undefined): boolean => {
    setErrors({ ...(problem ? { [field]: problem } : {}) });
    if (problem) {
      // What the last call came to is no longer the news.
      setSaid(null);
      setAttempt((n) => n + 1);
    }
    return !problem;
  };
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const typed = email.trim();
    const fine = typed.length <= EMAIL_ADDRESS.MAX_LENGTH && EMAIL_ADDRESS.PATTERN.test(typed);
    if (!checked('email', fine ? undefined : NOTIFICATION_MESSAGES.badEmail)) return;
    const outcome = await once(() => startEmail(email));
    if (!outcome) return;
    if (outcome.ok) {
      setWaiting(email.trim());
      setSaid({ text: NOTIFICATION_MESSAGES.emailCodeSent });
    } else if (outcome.fieldErrors?.email) checked('email', outcome.fieldErrors.email);
    else setSaid(refusal(outcome.message));
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const typed = normaliseEmailCode(code);
    if (!checked('code', EMAIL_CODE_PATTERN.test(typed) ? undefined : NOTIFICATION_MESSAGES.emailCodeFormat)) return;
    const outcome = await once(() => confirmEmail(typed));
    if (!outcome) return;
    if (outcome.ok) {
      setWaiting(null);
      setCode('');
      // The address typed is now the one messages go to: the field is for a new one.
      setEmail('');
      setSaid({ text: NOTIFICATION_MESSAGES.emailConfirmed });
      setConfirmed((n) => n + 1);
      onChange(outcome.value);
    } else setSaid(refusal(outcome.message));
  };
  return (
    <section aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Email address</h3>
      <p ref={address} tabIndex={-1}>
        {prefs.emailConfirmed ? `Messages go to ${prefs.email}.` : 'No email address is confirmed yet.'}
      </p>
      {prefs.emailConfirmed && prefs.emailFailed && (
        // GOV.UK's warning text: by the address it is about, its icon hidden and its kind said in words.
        <p className="notice">
          <strong>
            <span aria-hidden="true" className="warning-icon">
              !
            </span>
            <span className="visually-hidden">Warning: </span>
            {NOTIFICATION_MESSAGES.emailUndeliverable(prefs.emailFailed.to, formatDay(prefs.emailFailed.at))}
          </strong>
        </p>
      )}
      <ErrorSummary
        errors={errors as Record<string, string>}
        attempt={attempt}
        idFor={(field) => ({ email: `${id}-email`, code: `${id}-code` })[field] ?? null}
      />
      <form noValidate onSubmit={(e) => void send(e)} className="inbox-form">
        <label htmlFor={`${id}-email`}>{prefs.emailConfirmed ? 'New email address' : 'Email address'}</label>
        {errors.email && (
          <p className="field-error" id={`${id}-email-error`}>
            {errors.email}
          </p>
        )}
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={Boolean(errors.email) || undefined}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="button button-secondary">
          Send a code
        </button>
      </form>
      {waiting && (
        <form noValidate onSubmit={(e) => void confirm(e)} className="inbox-form">
          <label htmlFor={`${id}-code`}>Code sent to {waiting}</label>
          <p className="form-note" id={`${id}-code-hint`}>
            {NOTIFICATION_MESSAGES.emailCodeHint}
          </p>
          {errors.code && (
            <p className="field-error" id={`${id}-code-error`}>
              {errors.code}
            </p>
          )}
          <input
            id={`${id}-code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            aria-invalid={Boolean(errors.code) || undefined}
            aria-describedby={errors.code ? `${id}-code-hint ${id}-code-error` : `${id}-code-hint`}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" className="button">
            Confirm the address
          </button>
        </form>
      )}
      <SaidStatus said={said} />
    </section>
  );
}

function Choices({ prefs, onChange }: { prefs: PreferencesView; onChange: (p: PreferencesView) => void }) {
  const id = useId();
  const [kinds, setKinds] = useState<KindChoice[]>(prefs.kinds);
  const [said, setSaid] = useState<Said>(null);
  const toggle = (kind: string, channel: 'email' | 'sms') =>
    setKinds((all) => all.map((k) => (k.kind === kind ? { ...k, [channel]: !k[channel] } : k)));
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await savePreferences(kinds);
    if (outcome.ok) {
      onChange(outcome.value);
      setSaid({ text: NOTIFICATION_MESSAGES.preferencesSaved });
    } else setSaid(refusal(outcome.message));
  };
  return (
    <form aria-labelledby={`${id}-h`} onSubmit={(e) => void save(e)}>
      <h3 id={`${id}-h`}>What we send where</h3>
      <p>Every message is also kept here. Messages we must send cannot be switched off.</p>
      <TableScroll label="Channels for each kind of message">
        <table className="inbox-choices">
          <caption className="visually-hidden">Channels for each kind of message</caption>
          <thead>
            <tr>
              <th scope="col">Message</th>
              <th scope="col">Email</th>
              <th scope="col">SMS</th>
            </tr>
          </thead>
          <tbody>
            {kinds.map((k) => (
              <tr key={k.kind}>
                <th scope="row">
                  {label(k.kind)}
                  {k.obligatory && <span className="inbox-note"> (must be sent)</span>}
                </th>
                {(['email', 'sms'] as const).map((channel) => (
                  <td key={channel}>
                    <input
                      type="checkbox"
                      aria-label={`${label(k.kind)} by ${channel === 'email' ? 'email' : 'SMS'}`}
                      checked={k[channel]}
                      disabled={k.obligatory}
                      onChange={() => toggle(k.kind, channel)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <button type="submit" className="button">
        Save choices
      </button>
      <SaidStatus said={said} />
    </form>
  );
}

/**
 * Where messages go: the confirmed email address, and per kind the email and SMS choices. They are the
 * user's own profile's even while acting for another (docs/decisions/0042), whose messages listed above go
 * by that profile's own: actingForAnother says so, lest they be set for it.
 */
export function NotificationSettings({ actingForAnother = false }: { actingForAnother?: boolean }) {
  const { state, retry } = useLoad('preferences', (signal) => fetchPreferences(signal));
  /** The preferences as the last change here stored them, over those loaded. */
  const [changed, setChanged] = useState<PreferencesView | null>(null);
  const prefs = changed ?? (state.kind === 'ready' ? state.value : null);
  return (
    <section aria-labelledby="settings-heading" className="inbox-settings">
      <h2 id="settings-heading">How we tell you</h2>
      {actingForAnother && <p className="notice">{NOTIFICATION_MESSAGES.settingsWhileActing}</p>}
      {prefs ? (
        <>
          <EmailAddress prefs={prefs} onChange={setChanged} />
          <Choices prefs={prefs} onChange={setChanged} />
        </>
      ) : (
        <LoadStatus
          state={state}
          loading={NOTIFICATION_MESSAGES.settingsLoading}
          failed={NOTIFICATION_MESSAGES.settingsFailed}
          retry={retry}
        />
      )}
    </section>
  );
}
