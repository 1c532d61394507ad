import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LOGIN_FORM_MESSAGES, SHELL_MESSAGES } from '#contract/index.ts';
import type { UserIdentity } from '#contract/schemas/auth.ts';
import { systemDifficultiesMessage } from '../../lib/http/index.ts';
import { STORAGE_KEYS, read, store } from '../../lib/session/storage.ts';

/** Loaded once the visitor starts typing, not with the screen (app/signInSteps.ts says why). */
const loadSignInSteps = () => import('../../app/signInSteps.ts');
type SignInSteps = Awaited<ReturnType<typeof loadSignInSteps>>;
/** Starts loading early; a failure here is reported when the form is sent. */
const prefetchSignInSteps = () => void loadSignInSteps().catch(() => undefined);

export interface LoginFormProps {
  /**
   * Called with the new token, the remember-me choice and, when the login answer held it, the session's
   * identity; the form stays busy until it settles, and reports a failure (the token cannot be kept).
   */
  onToken: (token: string, rememberMe: boolean, identity?: UserIdentity) => void | Promise<void>;
}

type Field = 'loginName' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

/**
 * The login form of the login screen and the login dialog. Empty fields are named in a summary that
 * links to them (spec §5 'Please correct the validation errors.'); what was typed is kept.
 */
export function LoginForm({ onToken }: LoginFormProps) {
  const id = useId();
  const ids = {
    loginName: `${id}-login-name`,
    password: `${id}-password`,
    rememberMe: `${id}-remember-me`,
  };
  const [loginName, setLoginName] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [otp, setOtp] = useState<{
    maskedMobile: string;
    Step: SignInSteps['OtpStep'];
    sends?: NonNullable<ReturnType<SignInSteps['pendingOtp']>>['sends'];
  } | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  // Focus moves to the summary once it is rendered (not a frame later, when the user may be elsewhere).
  const [summaryFocus, setSummaryFocus] = useState(0);
  const focusSummary = () => setSummaryFocus((n) => n + 1);
  useEffect(() => {
    if (summaryFocus > 0) summaryRef.current?.focus();
  }, [summaryFocus]);

  // A reload during the one-time password step comes back to it (docs/decisions/0062); the step's code is
  // loaded only when this tab has such a sign-in.
  useEffect(() => {
    if (read(store('session'), STORAGE_KEYS.otpPending))
      loadSignInSteps().then(
        ({ pendingOtp, OtpStep }) => {
          const pending = pendingOtp();
          if (!pending) return;
          setLoginName(pending.loginName);
          setRememberMe(pending.rememberMe);
          setOtp({ maskedMobile: pending.maskedMobile, Step: OtpStep, sends: pending.sends });
        },
        () => undefined,
      );
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found: FieldErrors = {};
    // A text field's value is empty when it is '' (contract's isEmpty, whose module would add a chunk to
    // the login screen's first load, docs/decisions/0026).
    if (loginName.trim() === '') found.loginName = LOGIN_FORM_MESSAGES.loginNameRequired;
    if (password === '') found.password = LOGIN_FORM_MESSAGES.passwordRequired;
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) {
      focusSummary();
      return;
    }
    setBusy(true);
    try {
      const { signIn, deviceModel, OtpStep, beginPendingOtp } = await loadSignInSteps();
      const outcome = await signIn({
        loginName: loginName.trim(),
        password,
        rememberMe,
        model: deviceModel(navigator.userAgent),
      });
      switch (outcome.kind) {
        case 'token':
          try {
            await onToken(outcome.token, rememberMe, outcome.identity);
          } catch {
            setServerError(LOGIN_FORM_MESSAGES.signInFailed);
            focusSummary();
          }
          return;
        case 'otp':
          beginPendingOtp(loginName.trim(), outcome.maskedMobile, rememberMe);
          setOtp({ maskedMobile: outcome.maskedMobile, Step: OtpStep });
          return;
        case 'refused':
          setServerError(outcome.message);
          // The password is not kept after a refusal; the login name is.
          setPassword('');
          focusSummary();
          return;
        case 'unreachable':
          setServerError(systemDifficultiesMessage());
          focusSummary();
          return;
      }
    } catch {
      // The sign-in steps' code could not be loaded (the connection dropped): as for an unreachable server.
      setServerError(systemDifficultiesMessage());
      focusSummary();
    } finally {
      setBusy(false);
    }
  };

  if (otp !== null) {
    const { Step } = otp;
    return (
      <Step
        maskedMobile={otp.maskedMobile}
        sends={otp.sends}
        onToken={(token) => onToken(token, rememberMe)}
        onBack={() => {
          // A new sign-in: the password is typed again; the login name is kept.
          setPassword('');
          setOtp(null);
          requestAnimationFrame(() => document.getElementById(ids.password)?.focus());
        }}
      />
    );
  }

  const fieldErrors = (Object.keys(errors) as Field[]).filter((f) => errors[f]);
  const describedBy = (field: Field) => (errors[field] ? `${ids[field]}-error` : undefined);

  return (
    <form className="login-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
      {(fieldErrors.length > 0 || serverError) && (
        <div className="error-summary" role="alert" tabIndex={-1} ref={summaryRef}>
          <h2 className="error-summary-title">
            {fieldErrors.length > 0 ? SHELL_MESSAGES.validationSummary : serverError}
          </h2>
          {fieldErrors.length > 0 && (
            <ul>
              {fieldErrors.map((field) => (
                <li key={field}>
                  <a
                    href={`#${ids[field]}`}
                    onClick={(e) => {
                      // A plain #id would be read as a route by the hash router.
                      e.preventDefault();
                      document.getElementById(ids[field])?.focus();
                    }}
                  >
                    {errors[field]}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className={errors.loginName ? 'field field-invalid' : 'field'}>
        <label htmlFor={ids.loginName}>Login name</label>
        {errors.loginName && (
          <p id={`${ids.loginName}-error`} className="field-error">
            <span className="visually-hidden">Error:</span> {errors.loginName}
          </p>
        )}
        <input
          id={ids.loginName}
          name="loginName"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={loginName}
          aria-invalid={errors.loginName ? true : undefined}
          aria-describedby={describedBy('loginName')}
          onChange={(e) => {
            setLoginName(e.target.value);
            prefetchSignInSteps();
          }}
        />
      </div>
      <div className={errors.password ? 'field field-invalid' : 'field'}>
        <label htmlFor={ids.password}>Password</label>
        {errors.password && (
          <p id={`${ids.password}-error`} className="field-error">
            <span className="visually-hidden">Error:</span> {errors.password}
          </p>
        )}
        <input
          id={ids.password}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describedBy('password')}
          onChange={(e) => {
            setPassword(e.target.value);
            prefetchSignInSteps();
          }}
        />
      </div>
      <div className="field field-checkbox">
        <input
          id={ids.rememberMe}
          name="rememberMe"
          type="checkbox"
          checked={rememberMe}
          onChange={(e) => setRememberMe(e.target.checked)}
        />
        <label htmlFor={ids.rememberMe}>Remember me on this device</label>
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Logging in…' : 'Log in'}
      </button>
    </form>
  );
}
