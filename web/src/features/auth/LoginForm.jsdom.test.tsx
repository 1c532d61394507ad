import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_PATHS,
  LOGIN_CHALLENGE_TTL_MS,
  LOGIN_FORM_MESSAGES,
  MESSAGES,
  OTP_RESPONSE_CODE,
  RESPONSE_CODE,
} from '#contract/index.ts';
import { installDialogStandIn } from '../../../test/dialog.ts';
import {
  envelope,
  fakeApi,
  payloadRefused,
  unreachable,
  type FakeAnswer,
  type FakeCall,
  type FakeRoutes,
} from '../../../test/fakeApi.ts';
import { demoIdentity } from '../../../test/identity.ts';
import { callsInFlight, systemDifficultiesMessage } from '../../lib/http/index.ts';
import { STORAGE_KEYS } from '../../lib/session/storage.ts';
import { createRouter } from '../../lib/router/router.ts';
import { RouterContext } from '../../lib/router/RouterView.tsx';
import { resetSiteConfig } from '../../components/shell/siteConfig.ts';
import LoginDialog from './LoginDialog.tsx';
import { LoginForm } from './LoginForm.tsx';
import LoginPage from './LoginPage.tsx';

// The file's first encrypted call waits for the fake server's RSA key pair, and the calls load their
// code on first use: give them time on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const AUTHENTICATE = `POST ${API_PATHS.authenticate}`;
const SEND = `POST ${API_PATHS.sendOtpSms}`;
const VERIFY = `POST ${API_PATHS.verifyOtp}`;

/** The login answer (and the one-time password check's): a body holding JSON, not an envelope. */
const loginAnswer = (answer: object): FakeAnswer => ({ body: answer });
const needsOtp = () => loginAnswer({ otpRequired: true, maskedMobile: '****5678' });
/** The one-time password step sends its first code as it opens; in these tests the SMS does not go out. */
const notSent = (): FakeAnswer => ({
  status: 503,
  body: envelope(null, OTP_RESPONSE_CODE.SMS_FAILED, 'not sent in this test'),
});

let routes: FakeRoutes;
let calls: FakeCall[];
const callsTo = (path: string) => calls.filter((c) => c.path === path);

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  routes = {
    [API_PATHS.loginNonce]: () => ({ body: envelope({ authenticityToken: 'nonce-1' }) }),
    [SEND]: notSent,
  };
  calls = fakeApi(routes);
});
// No call of a test runs on into the next one's fake server (the one-time password step's first send, say).
afterEach(() => waitFor(() => expect(callsInFlight().count).toBe(0)));

function renderForm() {
  const onToken = vi.fn();
  render(<LoginForm onToken={onToken} />);
  return { onToken, user: userEvent.setup() };
}

describe('LoginForm', () => {
  it('names both empty fields in a summary that takes focus, and calls nothing', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const summary = screen.getByRole('alert');
    expect(summary).toHaveTextContent(MESSAGES.validationSummary);
    expect(screen.getByRole('link', { name: LOGIN_FORM_MESSAGES.loginNameRequired })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: LOGIN_FORM_MESSAGES.passwordRequired })).toBeInTheDocument();
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByLabelText('Login name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Login name')).toHaveAccessibleDescription(
      `Error: ${LOGIN_FORM_MESSAGES.loginNameRequired}`,
    );
    expect(callsTo(API_PATHS.authenticate)).toEqual([]);
  });

  it('keeps what was typed and names only the empty field', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Login name'), 'ptib.demo');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByLabelText('Login name')).toHaveValue('ptib.demo');
    expect(screen.queryByRole('link', { name: LOGIN_FORM_MESSAGES.loginNameRequired })).toBeNull();
    const link = screen.getByRole('link', { name: LOGIN_FORM_MESSAGES.passwordRequired });
    await user.click(link);
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(window.location.hash).toBe('');
  });

  it('sends the form with the device description and hands the token over', async () => {
    // The login answer's identity (docs/decisions/0058) goes on with the token; its contents are not the form's.
    const identity = demoIdentity();
    routes[AUTHENTICATE] = () => loginAnswer({ token: 'token-1', identity });
    const { user, onToken } = renderForm();
    await user.type(screen.getByLabelText('Login name'), ' ptib.demo ');
    await user.type(screen.getByLabelText('Password'), 'Demo!2345');
    await user.click(screen.getByLabelText(/Remember me/));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    // The sign-in calls load when the form is first used (app/signInSteps.ts), so the answer may come a moment later.
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('token-1', true, identity));
    expect(callsTo(API_PATHS.authenticate).map((c) => c.body)).toEqual([
      {
        loginName: 'ptib.demo',
        password: 'Demo!2345',
        rememberMe: true,
        model: expect.stringMatching(/\S/) as string,
        authenticityToken: 'nonce-1',
      },
    ]);
  });

  it("shows the server's refusal in an alert, keeps the login name and clears the password", async () => {
    routes[AUTHENTICATE] = () => ({
      status: 401,
      body: envelope(null, RESPONSE_CODE.UNAUTHORIZED, 'Invalid login name or password.'),
    });
    const { user, onToken } = renderForm();
    await user.type(screen.getByLabelText('Login name'), 'ptib.demo');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid login name or password.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByLabelText('Login name')).toHaveValue('ptib.demo');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(onToken).not.toHaveBeenCalled();
  });

  it('says so plainly when the server cannot be reached', async () => {
    routes[AUTHENTICATE] = unreachable;
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Login name'), 'ptib.demo');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(systemDifficultiesMessage());
  });

  it("says a request the server would not read as no answer, never the encryption layer's words", async () => {
    // Chromium sent the request again by itself, its connection closed before the answer: the copy is refused.
    routes[AUTHENTICATE] = () => payloadRefused('replay');
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Login name'), 'ptib.demo');
    await user.type(screen.getByLabelText('Password'), 'Demo!2345');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(systemDifficultiesMessage());
    expect(screen.queryByText(/Encrypted payload/)).toBeNull();
    // Nothing was refused the user: what they typed stays, for Log in to send again.
    expect(screen.getByLabelText('Password')).toHaveValue('Demo!2345');
  });

  it('hands over to the one-time password step when the account needs one', async () => {
    routes[AUTHENTICATE] = needsOtp;
    const { user, onToken } = renderForm();
    await user.type(screen.getByLabelText('Login name'), 'ptib.otp');
    await user.type(screen.getByLabelText('Password'), 'Demo!2345');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Enter your one-time password' })).toBeInTheDocument();
    expect(screen.getByText(/\*\*\*\*5678/)).toBeInTheDocument();
    expect(onToken).not.toHaveBeenCalled();
  });

  it('the one-time password step hands its token over with the remember-me choice, or goes back', async () => {
    routes[AUTHENTICATE] = needsOtp;
    routes[VERIFY] = () => loginAnswer({ token: 'otp-token' });
    const { user, onToken } = renderForm();
    await user.type(screen.getByLabelText('Login name'), 'ptib.otp');
    await user.type(screen.getByLabelText('Password'), 'Demo!2345');
    await user.click(screen.getByLabelText(/Remember me/));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.click(await screen.findByRole('button', { name: 'Back to password' }));
    expect(screen.getByLabelText('Login name')).toHaveValue('ptib.otp');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    await user.type(screen.getByLabelText('Password'), 'Demo!2345');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.type(await screen.findByLabelText('One-time password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('otp-token', true));
  });
});

describe('LoginForm after a reload during the one-time password step', () => {
  /** The password step passed with remember me, a code sent; then the page is reloaded (a new form). */
  async function reloadedAtTheCode() {
    routes[AUTHENTICATE] = needsOtp;
    // The first code goes out; any later one would not.
    routes[SEND] = () => {
      routes[SEND] = notSent;
      return {
        body: envelope({ maskedMobile: '****5678', expiresInSeconds: 300, resendInSeconds: 30, sendsLeft: 2 }),
      };
    };
    const first = renderForm();
    await first.user.type(screen.getByLabelText('Login name'), 'ptib.otp');
    await first.user.type(screen.getByLabelText('Password'), 'Demo!2345');
    await first.user.click(screen.getByLabelText(/Remember me/));
    await first.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^Code sent\./));
    cleanup();
    // What the reloaded form calls, only.
    calls.length = 0;
    return renderForm();
  }

  it('comes back to the step, sends no second code, and signs in with the remember-me choice, leaving nothing', async () => {
    routes[VERIFY] = () => loginAnswer({ token: 'otp-token' });
    const { user, onToken } = await reloadedAtTheCode();
    const heading = await screen.findByRole('heading', { name: 'Enter your one-time password' });
    // The step takes the focus in an effect after it shows: on a busy machine, a moment after the heading is found.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/\*\*\*\*5678/)).toBeInTheDocument();
    // The cool-down the first code started goes on.
    expect(screen.getByRole('button', { name: 'Send a new code' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText(/You can ask for a new code in \d+ seconds?\./)).toBeInTheDocument();
    await user.type(screen.getByLabelText('One-time password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('otp-token', true));
    // Counted once the code's check is answered: a code sent on opening would have reached the server first.
    expect(callsTo(API_PATHS.sendOtpSms)).toEqual([]);
    // Signed in: nothing is left for the next reload to take up.
    expect(sessionStorage.getItem(STORAGE_KEYS.otpPending)).toBeNull();
  });

  it('goes back to the password with the login name kept, leaving nothing to take up', async () => {
    const { user } = await reloadedAtTheCode();
    await user.click(await screen.findByRole('button', { name: 'Back to password' }));
    expect(screen.getByLabelText('Login name')).toHaveValue('ptib.otp');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(sessionStorage.getItem(STORAGE_KEYS.otpPending)).toBeNull();
  });

  it('shows the form once the pending sign-in’s time is over', async () => {
    await reloadedAtTheCode();
    await screen.findByRole('heading', { name: 'Enter your one-time password' });
    cleanup();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + LOGIN_CHALLENGE_TTL_MS + 1);
      renderForm();
      await vi.waitFor(() => expect(sessionStorage.getItem(STORAGE_KEYS.otpPending)).toBeNull());
      expect(screen.queryByRole('heading', { name: 'Enter your one-time password' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('LoginDialog', () => {
  installDialogStandIn();

  function renderDialog() {
    const router = createRouter({
      routes: [],
      notFound: { path: '*', title: 'x', load: () => Promise.resolve({ default: () => null }) },
      index: '/home',
    });
    const onClosed = vi.fn();
    const opener = document.createElement('button');
    opener.textContent = 'Dashboard';
    document.body.append(opener);
    opener.focus();
    render(
      <RouterContext value={router}>
        <LoginDialog onClosed={onClosed} />
      </RouterContext>,
    );
    return { onClosed, opener, user: userEvent.setup() };
  }

  it('opens as a labelled modal with focus on the login name', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Log in' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveTextContent(LOGIN_FORM_MESSAGES.loginRequired);
    expect(screen.getByLabelText('Login name')).toHaveFocus();
  });

  it('closes on Escape and gives focus back to what had it', async () => {
    const { onClosed, opener, user } = renderDialog();
    await user.keyboard('{Escape}');
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(opener).toHaveFocus();
    opener.remove();
  });

  it('keeps the typed login name when a field is missing', async () => {
    const { user, opener } = renderDialog();
    await user.type(screen.getByLabelText('Login name'), 'ptib.demo');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.validationSummary);
    expect(screen.getByLabelText('Login name')).toHaveValue('ptib.demo');
    expect(screen.getByRole('dialog', { name: 'Log in' })).toHaveAttribute('open');
    opener.remove();
  });
});

describe('LoginPage', () => {
  function renderPage(ssoEnabled: boolean) {
    resetSiteConfig({ contactPhone: '1800-225-5529', links: {}, ssoEnabled });
    const router = createRouter({
      routes: [],
      notFound: { path: '*', title: 'x', load: () => Promise.resolve({ default: () => null }) },
      index: '/home',
    });
    render(
      <RouterContext value={router}>
        <LoginPage location={{ path: '/login', query: new URLSearchParams(), anchor: null }} />
      </RouterContext>,
    );
  }

  it('offers single sign-on, loaded only then, when the deployment has it', async () => {
    renderPage(true);
    expect(await screen.findByRole('button', { name: 'Log in with single sign-on' })).toBeInTheDocument();
    resetSiteConfig(null);
  });

  it('shows only the login form without it', () => {
    renderPage(false);
    expect(screen.getByRole('heading', { level: 1, name: 'Log in to PTIB e-Services' })).toBeInTheDocument();
    expect(screen.getByLabelText('Login name')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log in with single sign-on' })).toBeNull();
    resetSiteConfig(null);
  });
});
