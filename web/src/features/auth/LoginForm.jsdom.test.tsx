import type { UserIdentity } from '#contract/schemas/auth.ts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HOME_STEP_MESSAGES, LOGIN_CHALLENGE_TTL_MS, LOGIN_FORM_MESSAGES, MESSAGES } from '#contract/index.ts';
import { installDialogStandIn } from '../../../test/dialog.ts';
import { systemDifficultiesMessage } from '../../lib/http/index.ts';
import { STORAGE_KEYS } from '../../lib/session/storage.ts';
import { createRouter } from '../../lib/router/router.ts';
import { RouterContext } from '../../lib/router/RouterView.tsx';
import { sendOtp, verifyOtp } from '../otp/api.ts';
import { signIn, type LoginOutcome } from './api.ts';
import { resetSiteConfig } from '../../components/shell/siteConfig.ts';
import LoginDialog from './LoginDialog.tsx';
import { LoginForm } from './LoginForm.tsx';
import LoginPage from './LoginPage.tsx';

vi.mock('./api.ts', () => ({ signIn: vi.fn(), prepareSignIn: vi.fn() }));
vi.mock('../otp/api.ts', () => ({
  sendOtp: vi.fn(() => Promise.resolve({ kind: 'refused', code: '5301', message: 'not sent in this test' })),
  verifyOtp: vi.fn(),
}));
const signInMock = vi.mocked(signIn);

beforeEach(() => {
  signInMock.mockReset();
  sessionStorage.clear();
  localStorage.clear();
});

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
    expect(signInMock).not.toHaveBeenCalled();
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
    const identity = { loginName: 'ptib.demo' } as UserIdentity;
    signInMock.mockResolvedValue({ kind: 'token', token: 'token-1', identity });
    const { user, onToken } = renderForm();
    await user.type(screen.getByLabelText('Login name'), ' ptib.demo ');
    await user.type(screen.getByLabelText('Password'), 'Demo!2345');
    await user.click(screen.getByLabelText(/Remember me/));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    // The sign-in calls load when the form is first used (app/signInSteps.ts), so the call may come a moment later.
    await waitFor(() =>
      expect(signInMock).toHaveBeenCalledWith({
        loginName: 'ptib.demo',
        password: 'Demo!2345',
        rememberMe: true,
        model: expect.stringMatching(/\S/) as string,
      }),
    );
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('token-1', true, identity));
  });

  it("shows the server's refusal in an alert, keeps the login name and clears the password", async () => {
    signInMock.mockResolvedValue({ kind: 'refused', message: 'Invalid login name or password.' });
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
    signInMock.mockResolvedValue({ kind: 'unreachable' });
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Login name'), 'ptib.demo');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(systemDifficultiesMessage());
  });

  it('hands over to the one-time password step when the account needs one', async () => {
    signInMock.mockResolvedValue({ kind: 'otp', maskedMobile: '****5678' } satisfies LoginOutcome);
    const { user, onToken } = renderForm();
    await user.type(screen.getByLabelText('Login name'), 'ptib.otp');
    await user.type(screen.getByLabelText('Password'), 'Demo!2345');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Enter your one-time password' })).toBeInTheDocument();
    expect(screen.getByText(/\*\*\*\*5678/)).toBeInTheDocument();
    expect(onToken).not.toHaveBeenCalled();
  });

  it('the one-time password step hands its token over with the remember-me choice, or goes back', async () => {
    signInMock.mockResolvedValue({ kind: 'otp', maskedMobile: '****5678' } satisfies LoginOutcome);
    vi.mocked(verifyOtp).mockResolvedValue({ kind: 'token', token: 'otp-token' });
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
    expect(onToken).toHaveBeenCalledWith('otp-token', true);
  });
});

describe('LoginForm after a reload during the one-time password step', () => {
  /** The password step passed with remember me, a code sent; then the page is reloaded (a new form). */
  async function reloadedAtTheCode() {
    signInMock.mockResolvedValue({ kind: 'otp', maskedMobile: '****5678' } satisfies LoginOutcome);
    vi.mocked(sendOtp).mockResolvedValueOnce({
      kind: 'sent',
      sent: { maskedMobile: '****5678', expiresInSeconds: 300, resendInSeconds: 30, sendsLeft: 2 },
    });
    const first = renderForm();
    await first.user.type(screen.getByLabelText('Login name'), 'ptib.otp');
    await first.user.type(screen.getByLabelText('Password'), 'Demo!2345');
    await first.user.click(screen.getByLabelText(/Remember me/));
    await first.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^Code sent\./));
    cleanup();
    vi.mocked(sendOtp).mockClear();
    return renderForm();
  }

  it('comes back to the step, sends no second code, and signs in with the remember-me choice, leaving nothing', async () => {
    vi.mocked(verifyOtp).mockResolvedValue({ kind: 'token', token: 'otp-token' });
    const { user, onToken } = await reloadedAtTheCode();
    expect(await screen.findByRole('heading', { name: 'Enter your one-time password' })).toHaveFocus();
    expect(screen.getByText(/\*\*\*\*5678/)).toBeInTheDocument();
    // The cool-down the first code started goes on.
    expect(screen.getByRole('button', { name: 'Send a new code' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText(/You can ask for a new code in \d+ seconds?\./)).toBeInTheDocument();
    expect(sendOtp).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('One-time password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('otp-token', true));
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
    expect(dialog).toHaveTextContent(HOME_STEP_MESSAGES.loginRequired);
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
