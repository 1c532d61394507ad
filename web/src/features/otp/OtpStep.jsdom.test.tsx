import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, LOGIN_FORM_MESSAGES, OTP, OTP_MESSAGES, OTP_RESPONSE_CODE } from '#contract/index.ts';
import { sendOtp, verifyOtp } from './api.ts';
import { OtpStep } from './OtpStep.tsx';
import { beginPendingOtp, pendingOtp } from './pending.ts';

vi.mock('./api.ts', () => ({ sendOtp: vi.fn(), verifyOtp: vi.fn() }));
const sendMock = vi.mocked(sendOtp);
const verifyMock = vi.mocked(verifyOtp);

const COOLDOWN_S = OTP.RESEND_COOLDOWN_MS / 1000;
const sent = (sendsLeft = OTP.MAX_SENDS - 1) => ({
  kind: 'sent' as const,
  sent: {
    maskedMobile: '****8901',
    expiresInSeconds: OTP.CODE_TTL_MS / 1000,
    resendInSeconds: sendsLeft > 0 ? COOLDOWN_S : null,
    sendsLeft,
  },
});
const refused = (code: string, message: string) => ({ kind: 'refused' as const, code, message });

beforeEach(() => {
  sendMock.mockReset().mockResolvedValue(sent());
  verifyMock.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

function renderStep() {
  const onToken = vi.fn();
  const onBack = vi.fn();
  render(
    <StrictMode>
      <OtpStep maskedMobile="****8901" onToken={onToken} onBack={onBack} />
    </StrictMode>,
  );
  return { onToken, onBack };
}

const codeInput = () => screen.getByLabelText('One-time password');
const resendButton = () => screen.getByRole('button', { name: 'Send a new code' });
const status = () => screen.getByRole('status');

describe('OtpStep', () => {
  it('opens with its heading focused, sends the first code once and says so politely', async () => {
    renderStep();
    expect(screen.getByRole('heading', { name: 'Enter your one-time password' })).toHaveFocus();
    expect(screen.getByText(LOGIN_FORM_MESSAGES.otpRequired.replace('{mobile}', '****8901'))).toBeInTheDocument();
    await waitFor(() =>
      expect(status()).toHaveTextContent(`${OTP_MESSAGES.codeSent} ${OTP_MESSAGES.resendIn(COOLDOWN_S)}`),
    );
    expect(sendMock).toHaveBeenCalledTimes(1);
  });

  it('has one labelled code field for one-time codes on a numeric keyboard', () => {
    renderStep();
    const input = codeInput();
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAccessibleDescription(/6-digit code in the SMS/);
  });

  it('takes a pasted code with spaces around or inside it, whole', async () => {
    verifyMock.mockResolvedValue({ kind: 'token', token: 'jwt' });
    const { onToken } = renderStep();
    const user = userEvent.setup();
    await user.click(codeInput());
    // As copied from an SMS app that groups the digits, with the space before it selected too.
    await user.paste(' 123 456 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('jwt'));
    expect(verifyMock).toHaveBeenCalledWith('123456');
  });

  it('checks the format before calling the server', async () => {
    renderStep();
    const user = userEvent.setup();
    await user.type(codeInput(), '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent(OTP_MESSAGES.codeFormat);
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
    expect(codeInput()).toHaveFocus();
    expect(verifyMock).not.toHaveBeenCalled();
  });

  it('keeps an error shown while the first code was on its way when the code arrives', async () => {
    let arrive!: (answer: ReturnType<typeof sent>) => void;
    sendMock.mockReturnValueOnce(new Promise((resolve) => (arrive = resolve)));
    renderStep();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent(OTP_MESSAGES.codeFormat);
    await act(async () => arrive(sent()));
    expect(status()).toHaveTextContent(OTP_MESSAGES.codeSent);
    expect(screen.getByRole('alert')).toHaveTextContent(OTP_MESSAGES.codeFormat);
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's error for each wrong code, clears the field and keeps focus there", async () => {
    renderStep();
    const user = userEvent.setup();
    for (const left of [4, 3, 2]) {
      verifyMock.mockResolvedValueOnce(refused(OTP_RESPONSE_CODE.INCORRECT, OTP_MESSAGES.codeIncorrect(left)));
      await user.type(codeInput(), '000000');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      const alert = await screen.findByRole('alert');
      await waitFor(() => expect(alert).toHaveTextContent(OTP_MESSAGES.codeIncorrect(left)));
      expect(codeInput()).toHaveValue('');
      expect(codeInput()).toHaveFocus();
      expect(codeInput()).toHaveAccessibleDescription(expect.stringContaining(OTP_MESSAGES.codeIncorrect(left)));
    }
    expect(verifyMock).toHaveBeenCalledTimes(3);
    expect(verifyMock).toHaveBeenLastCalledWith('000000');
  });

  it('hands the token over when the code is right', async () => {
    const { onToken } = renderStep();
    verifyMock.mockResolvedValue({ kind: 'token', token: 'tok-1' });
    const user = userEvent.setup();
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(verifyMock).toHaveBeenCalledWith('123456');
    expect(onToken).toHaveBeenCalledWith('tok-1');
  });

  it('after too many tries offers only the way back, focused, and leaves no step for a reload', async () => {
    beginPendingOtp('ptib.otp', '****8901', false);
    const { onBack } = renderStep();
    verifyMock.mockResolvedValue(refused(OTP_RESPONSE_CODE.TOO_MANY_TRIES, OTP_MESSAGES.tooManyTries(15)));
    const user = userEvent.setup();
    await user.type(codeInput(), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(OTP_MESSAGES.tooManyTries(15));
    expect(pendingOtp()).toBeNull();
    expect(screen.queryByLabelText('One-time password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull();
    const back = screen.getByRole('button', { name: 'Back to password' });
    await waitFor(() => expect(back).toHaveFocus());
    await user.click(back);
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('while the login name is locked, even the right code offers only the way back', async () => {
    renderStep();
    const message = AUTH_MESSAGES.lockedOut(15);
    verifyMock.mockResolvedValue(refused(OTP_RESPONSE_CODE.LOCKED, message));
    const user = userEvent.setup();
    await user.type(codeInput(), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByLabelText('One-time password')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Back to password' })).toHaveFocus());
  });

  it('an expired code sends focus to "Send a new code"', async () => {
    renderStep();
    verifyMock.mockResolvedValue(refused(OTP_RESPONSE_CODE.EXPIRED, OTP_MESSAGES.codeExpired));
    const user = userEvent.setup();
    await user.type(codeInput(), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(OTP_MESSAGES.codeExpired);
    expect(resendButton()).toHaveFocus();
  });

  it('a failed SMS is said in an alert, and a new code may be asked for at once', async () => {
    sendMock.mockResolvedValueOnce(refused(OTP_RESPONSE_CODE.SMS_FAILED, OTP_MESSAGES.smsFailed));
    renderStep();
    expect(await screen.findByRole('alert')).toHaveTextContent(OTP_MESSAGES.smsFailed);
    expect(resendButton()).toHaveAttribute('aria-disabled', 'false');
  });
});

/** Lets time pass second by second, letting React commit (and schedule its next tick) in between. */
async function passSeconds(seconds: number) {
  for (let i = 0; i < seconds; i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
  }
}

describe('OtpStep: send a new code (fake clock)', () => {
  it('counts the cool-down down on screen, says only its start and end, then sends again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    renderStep();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    const announced = `${OTP_MESSAGES.codeSent} ${OTP_MESSAGES.resendIn(COOLDOWN_S)}`;
    expect(status()).toHaveTextContent(announced);
    expect(resendButton()).toHaveAttribute('aria-disabled', 'true');
    expect(resendButton()).toHaveAccessibleDescription(OTP_MESSAGES.resendIn(COOLDOWN_S));

    fireEvent.click(resendButton());
    expect(sendMock).toHaveBeenCalledTimes(1);

    await passSeconds(10);
    expect(resendButton()).toHaveAccessibleDescription(OTP_MESSAGES.resendIn(COOLDOWN_S - 10));
    // Seen, not spoken: the status still holds what was said when the cool-down started.
    expect(status()).toHaveTextContent(announced);

    await passSeconds(COOLDOWN_S - 10);
    expect(resendButton()).toHaveAttribute('aria-disabled', 'false');
    expect(status()).toHaveTextContent(OTP_MESSAGES.resendReady);

    sendMock.mockResolvedValueOnce(sent(0));
    fireEvent.click(resendButton());
    expect(sendMock).toHaveBeenCalledTimes(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(status()).toHaveTextContent(`${OTP_MESSAGES.newCodeSent} ${OTP_MESSAGES.lastCode}`);
    expect(resendButton()).toHaveAttribute('aria-disabled', 'true');
    expect(codeInput()).toHaveFocus();
  });

  it('reads the wall clock, so a tab whose timers slept shows the right time at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    renderStep();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    // The clock jumps 25 s with no timer run in between (a throttled tab); the next tick catches up.
    vi.setSystemTime(Date.now() + 25_000);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(resendButton()).toHaveAccessibleDescription(OTP_MESSAGES.resendIn(COOLDOWN_S - 26));
  });
});
