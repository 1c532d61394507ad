import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  LOGIN_FORM_MESSAGES,
  OTP,
  OTP_CODE_PATTERN,
  OTP_MESSAGES,
  OTP_RESPONSE_CODE,
  normaliseOtpCode,
} from '#contract/index.ts';
import { systemDifficultiesMessage } from '../../lib/http/index.ts';
import { sendOtp, verifyOtp, type OtpFailure } from './api.ts';
import { forgetPendingOtp, noteOtpSent, type OtpSends } from './pending.ts';
import { useCooldown } from './useCooldown.ts';
import './otp.css';

export interface OtpStepProps {
  /** Where the code goes, as the password step's answer showed it (****1234). */
  maskedMobile: string;
  /** Hands the token over, as the password step would; fails when it cannot be kept. */
  onToken: (token: string) => void | Promise<void>;
  /** Back to the password step (a new sign-in). */
  onBack: () => void;
  /** Where the codes stood when the page was left (a reload): the step goes on from there, sending none. */
  sends?: OtpSends | undefined;
}

/** Refusals after which this sign-in cannot go on: only "back to the password step" is left. */
const FINAL: ReadonlySet<string> = new Set([
  OTP_RESPONSE_CODE.TOO_MANY_TRIES,
  OTP_RESPONSE_CODE.SIGN_IN_EXPIRED,
  OTP_RESPONSE_CODE.SEND_LIMIT,
  OTP_RESPONSE_CODE.SMS_HOURLY_LIMIT,
  OTP_RESPONSE_CODE.LOCKED,
  // No code can reach the number, however often asked (docs/decisions/0100).
  OTP_RESPONSE_CODE.MOBILE_REFUSED,
]);

interface ShownError {
  message: string;
  /** A new key for every error, so the alert is announced again even when its text repeats. */
  key: number;
  /**
   * No answer: the HTTP layer's toast has said it (docs/decisions/0032), so the step shows it without a second
   * alert, and the code typed is not marked wrong.
   */
  quiet?: boolean;
}

/**
 * The SMS one-time password step of a sign-in: one code field (autocomplete one-time-code, numeric
 * keyboard), clear errors, "send a new code" with its cool-down (announced politely when it starts and
 * ends, never every second), and a way back to the password. Sends the first code when it opens, unless
 * it takes up a step that a reload interrupted (docs/decisions/0062).
 */
export function OtpStep({ maskedMobile, onToken, onBack, sends }: OtpStepProps) {
  const id = useId();
  const ids = { code: `${id}-code`, hint: `${id}-hint`, error: `${id}-error`, wait: `${id}-wait` };
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const resendRef = useRef<HTMLButtonElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);
  const firstSend = useRef(false);
  const errorKey = useRef(0);

  const [code, setCode] = useState('');
  const [error, setError] = useState<ShownError | null>(null);
  const [status, setStatus] = useState<string>(sends ? OTP_MESSAGES.codeSent : OTP_MESSAGES.sending);
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [sendsLeft, setSendsLeft] = useState<number>(sends?.sendsLeft ?? OTP.MAX_SENDS);
  const [finished, setFinished] = useState(false);
  // Said when the cool-down starts and when it ends; the seconds in between are shown, not spoken.
  const cooldown = useCooldown(() => setStatus(OTP_MESSAGES.resendReady), sends?.resendAt);

  const showError = (message: string, quiet = false) => {
    errorKey.current += 1;
    setError({ message, key: errorKey.current, quiet });
  };
  const showFailure = (failure: OtpFailure) => {
    if (failure.kind === 'unreachable') {
      showError(systemDifficultiesMessage(), true);
      return;
    }
    showError(failure.message);
    if (FINAL.has(failure.code)) {
      forgetPendingOtp();
      setFinished(true);
      cooldown.stop();
      requestAnimationFrame(() => backRef.current?.focus());
    }
  };

  const send = async (again: boolean) => {
    setSending(true);
    const shownBefore = errorKey.current;
    const outcome = await sendOtp();
    setSending(false);
    if (outcome.kind !== 'sent') {
      setStatus('');
      showFailure(outcome);
      return;
    }
    const { sent } = outcome;
    // A new code answers an earlier error (a code that expired, a send that failed), not one the user met
    // while it was on its way (Verify pressed before the SMS went out): that one stays.
    if (errorKey.current === shownBefore) setError(null);
    setSendsLeft(sent.sendsLeft);
    noteOtpSent({
      sendsLeft: sent.sendsLeft,
      resendAt: sent.resendInSeconds === null ? null : Date.now() + sent.resendInSeconds * 1000,
    });
    const said: string[] = [again ? OTP_MESSAGES.newCodeSent : OTP_MESSAGES.codeSent];
    if (sent.resendInSeconds === null) said.push(OTP_MESSAGES.lastCode);
    else {
      said.push(OTP_MESSAGES.resendIn(sent.resendInSeconds));
      cooldown.start(sent.resendInSeconds);
    }
    setStatus(said.join(' '));
    if (again) inputRef.current?.focus();
  };

  useEffect(() => {
    headingRef.current?.focus();
    // Once per step, also under StrictMode's second effect run (the ref survives it).
    // A step taken up after a reload has its code already.
    if (firstSend.current || sends) return;
    firstSend.current = true;
    void send(false);
    // The first code is sent once, when the step opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verifying || finished) return;
    const typed = normaliseOtpCode(code);
    if (!OTP_CODE_PATTERN.test(typed)) {
      showError(OTP_MESSAGES.codeFormat);
      inputRef.current?.focus();
      return;
    }
    setVerifying(true);
    const outcome = await verifyOtp(typed);
    if (outcome.kind === 'token') {
      // The pending sign-in is spent: whatever happens next, a reload shows the login form.
      forgetPendingOtp();
      // Still verifying while the sign-in completes (the identity is fetched before the next screen).
      try {
        await onToken(outcome.token);
      } catch {
        showError(LOGIN_FORM_MESSAGES.signInFailed);
        setFinished(true);
      } finally {
        setVerifying(false);
      }
      return;
    }
    setVerifying(false);
    // No answer: the code may well be right (the check may even have gone through, its answer lost, which
    // the server answers again, docs/decisions/0011), so it stays for Verify to send again.
    if (outcome.kind !== 'unreachable') setCode('');
    showFailure(outcome);
    if (outcome.kind === 'refused' && outcome.code === OTP_RESPONSE_CODE.EXPIRED && sendsLeft > 0) {
      resendRef.current?.focus();
    } else if (outcome.kind !== 'refused' || !FINAL.has(outcome.code)) {
      inputRef.current?.focus();
    }
  };

  const resendBlocked = sending || cooldown.secondsLeft > 0 || sendsLeft === 0;
  const invalid = !!error && !error.quiet;
  const describedBy = [ids.hint, invalid ? ids.error : null].filter(Boolean).join(' ');

  return (
    <section className="otp-step" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        Enter your one-time password
      </h2>
      <p>{OTP_MESSAGES.required.replace('{mobile}', maskedMobile || 'your mobile number')}</p>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {error && (
        <div className="error-summary" role={error.quiet ? undefined : 'alert'} id={ids.error} key={error.key}>
          <p className="error-summary-title">{error.message}</p>
        </div>
      )}
      {!finished && (
        <form className="otp-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={verifying}>
          <div className={invalid ? 'field field-invalid' : 'field'}>
            <label htmlFor={ids.code}>One-time password</label>
            <p id={ids.hint} className="field-hint">
              The {OTP.CODE_LENGTH}-digit code in the SMS. It is good for {OTP.CODE_TTL_MS / 60_000} minutes.
            </p>
            <input
              ref={inputRef}
              id={ids.code}
              name="otp"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              // No maxLength: the browser would cut a pasted " 123 456" to " 123 4" before we could tidy it.
              spellCheck={false}
              required
              value={code}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              onChange={(e) => setCode(e.target.value)}
            />
          </div>
          <button type="submit" className="button" disabled={verifying}>
            {verifying ? 'Verifying…' : 'Verify'}
          </button>
        </form>
      )}
      {!finished && (
        <div className="otp-resend">
          <button
            ref={resendRef}
            type="button"
            className="button-secondary"
            aria-disabled={resendBlocked}
            aria-describedby={ids.wait}
            onClick={() => {
              if (!resendBlocked) void send(true);
            }}
          >
            Send a new code
          </button>
          <p id={ids.wait} className="otp-wait countdown">
            {sendsLeft === 0
              ? OTP_MESSAGES.lastCode
              : cooldown.secondsLeft > 0
                ? OTP_MESSAGES.resendIn(cooldown.secondsLeft)
                : ''}
          </p>
        </div>
      )}
      <p>
        <button
          ref={backRef}
          type="button"
          className="button-link"
          onClick={() => {
            forgetPendingOtp();
            onBack();
          }}
        >
          Back to password
        </button>
      </p>
    </section>
  );
}
