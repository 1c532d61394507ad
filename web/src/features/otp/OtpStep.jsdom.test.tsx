import { StrictMode } from 'react';
import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { API_PATHS, AUTH_MESSAGES, OTP, OTP_MESSAGES, OTP_RESPONSE_CODE } from '#contract/index.ts';
import {
  envelope,
  fakeApi,
  payloadRefused,
  unreachable,
  type FakeAnswer,
  type FakeCall,
  type FakeRoutes,
} from '../../../test/fakeApi.ts';
import { callsInFlight, systemDifficultiesMessage } from '../../lib/http/index.ts';
import { on } from '../../lib/events/bus.ts';
import { OtpStep } from './OtpStep.tsx';
import { beginPendingOtp, pendingOtp } from './pending.ts';

// The file's first encrypted call waits for the fake server's RSA key pair, and the calls load their
// code on first use: give them time on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const SEND = `POST ${API_PATHS.sendOtpSms}`;
const VERIFY = `POST ${API_PATHS.verifyOtp}`;

const COOLDOWN_S = OTP.RESEND_COOLDOWN_MS / 1000;
/** sendOtpSms's answer: the code went out. */
const sent = (sendsLeft = OTP.MAX_SENDS - 1): FakeAnswer => ({
  body: envelope(
    {
      maskedMobile: '****8901',
      expiresInSeconds: OTP.CODE_TTL_MS / 1000,
      resendInSeconds: sendsLeft > 0 ? COOLDOWN_S : null,
      sendsLeft,
    },
    '200',
    OTP_MESSAGES.codeSent,
  ),
});
/** A refusal as the server sends it: its HTTP status, and the envelope's responseCode with its words. */
const refused = (status: number, code: string, message: string): FakeAnswer => ({
  status,
  body: envelope(null, code, message),
});
/** verifyOtp's answer to the right code: the login answer, a body holding JSON with the token (not an envelope). */
const token = (value: string): FakeAnswer => ({ body: { token: value } });

/** No call of a test runs on into the next one's fake server (a screen's first send, say, unanswered yet). */
const settled = () => waitFor(() => expect(callsInFlight().count).toBe(0));

let routes: FakeRoutes;
let calls: FakeCall[];
const callsTo = (path: string) => calls.filter((c) => c.path === path);

beforeEach(() => {
  routes = { [SEND]: () => sent() };
  calls = fakeApi(routes);
});
afterEach(async () => {
  vi.useRealTimers();
  await settled();
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
    expect(screen.getByText(OTP_MESSAGES.required.replace('{mobile}', '****8901'))).toBeInTheDocument();
    await waitFor(() =>
      expect(status()).toHaveTextContent(`${OTP_MESSAGES.codeSent} ${OTP_MESSAGES.resendIn(COOLDOWN_S)}`),
    );
    expect(callsTo(API_PATHS.sendOtpSms)).toEqual([expect.objectContaining({ method: 'POST', body: {} })]);
  });

  it('has one labelled code field for one-time codes on a numeric keyboard', () => {
    renderStep();
    const input = codeInput();
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAccessibleDescription(/6-digit code in the SMS/);
  });

  it('takes a pasted code with spaces around or inside it, whole', async () => {
    routes[VERIFY] = () => token('jwt');
    const { onToken } = renderStep();
    const user = userEvent.setup();
    await user.click(codeInput());
    // As copied from an SMS app that groups the digits, with the space before it selected too.
    await user.paste(' 123 456 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('jwt'));
    expect(callsTo(API_PATHS.verifyOtp).map((c) => c.body)).toEqual([{ otp: '123456' }]);
  });

  it('checks the format before calling the server', async () => {
    renderStep();
    const user = userEvent.setup();
    await user.type(codeInput(), '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent(OTP_MESSAGES.codeFormat);
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
    expect(codeInput()).toHaveFocus();
    // The first code's answer comes after any call Verify would have started, so by then it would be recorded.
    await waitFor(() => expect(status()).toHaveTextContent(OTP_MESSAGES.codeSent));
    expect(callsTo(API_PATHS.verifyOtp)).toEqual([]);
  });

  it('keeps an error shown while the first code was on its way when the code arrives', async () => {
    let arrive!: (answer: FakeAnswer) => void;
    routes[SEND] = () => new Promise((resolve) => (arrive = resolve));
    renderStep();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent(OTP_MESSAGES.codeFormat);
    // The server holds the call until told to answer.
    await waitFor(() => expect(callsTo(API_PATHS.sendOtpSms)).toHaveLength(1));
    arrive(sent());
    await waitFor(() => expect(status()).toHaveTextContent(OTP_MESSAGES.codeSent));
    expect(screen.getByRole('alert')).toHaveTextContent(OTP_MESSAGES.codeFormat);
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's error for each wrong code, clears the field and keeps focus there", async () => {
    renderStep();
    const user = userEvent.setup();
    for (const left of [4, 3, 2]) {
      routes[VERIFY] = () => refused(400, OTP_RESPONSE_CODE.INCORRECT, OTP_MESSAGES.codeIncorrect(left));
      await user.type(codeInput(), '000000');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      // Read afresh: the alert of the code before stays up (a new element each time) until this answer.
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(OTP_MESSAGES.codeIncorrect(left)));
      expect(codeInput()).toHaveValue('');
      expect(codeInput()).toHaveFocus();
      expect(codeInput()).toHaveAccessibleDescription(expect.stringContaining(OTP_MESSAGES.codeIncorrect(left)));
    }
    expect(callsTo(API_PATHS.verifyOtp)).toHaveLength(3);
    expect(callsTo(API_PATHS.verifyOtp).at(-1)?.body).toEqual({ otp: '000000' });
  });

  it('hands the token over when the code is right', async () => {
    const { onToken } = renderStep();
    routes[VERIFY] = () => token('tok-1');
    const user = userEvent.setup();
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('tok-1'));
    expect(callsTo(API_PATHS.verifyOtp).map((c) => c.body)).toEqual([{ otp: '123456' }]);
  });

  it.each([
    ['had no answer', unreachable],
    ['was refused unread (a copy the browser sent again by itself)', () => payloadRefused('replay')],
  ])('keeps the code typed when Verify %s, for Verify to send it again', async (_, answer) => {
    routes[VERIFY] = answer;
    const toasts: unknown[] = [];
    onTestFinished(on('toast', (t) => void toasts.push(t)));
    const { onToken } = renderStep();
    const user = userEvent.setup();
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(systemDifficultiesMessage())).toBeVisible();
    // Said once, by the HTTP layer's toast (docs/decisions/0032): not a second alert, nor the code marked wrong.
    expect(toasts).toEqual([expect.objectContaining({ severity: 'error' })]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(codeInput()).not.toHaveAttribute('aria-invalid');
    expect(codeInput()).toHaveValue('123456');
    expect(codeInput()).toHaveFocus();

    routes[VERIFY] = () => token('tok-again');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('tok-again'));
    expect(callsTo(API_PATHS.verifyOtp).map((c) => c.body)).toEqual([{ otp: '123456' }, { otp: '123456' }]);
  });

  it('after too many tries offers only the way back, focused, and leaves no step for a reload', async () => {
    beginPendingOtp('ptib.otp', '****8901', false);
    const { onBack } = renderStep();
    routes[VERIFY] = () => refused(429, OTP_RESPONSE_CODE.TOO_MANY_TRIES, OTP_MESSAGES.tooManyTries(15));
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
    routes[VERIFY] = () => refused(429, OTP_RESPONSE_CODE.LOCKED, message);
    const user = userEvent.setup();
    await user.type(codeInput(), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByLabelText('One-time password')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Back to password' })).toHaveFocus());
  });

  it('an expired code sends focus to "Send a new code"', async () => {
    renderStep();
    routes[VERIFY] = () => refused(400, OTP_RESPONSE_CODE.EXPIRED, OTP_MESSAGES.codeExpired);
    const user = userEvent.setup();
    await user.type(codeInput(), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(OTP_MESSAGES.codeExpired);
    expect(resendButton()).toHaveFocus();
  });

  it('a number the SMS service refuses for good is said, with whom to call, and only the way back is offered', async () => {
    const message = OTP_MESSAGES.mobileRefused('****8901', '1800-225-5529');
    routes[SEND] = () => refused(400, OTP_RESPONSE_CODE.MOBILE_REFUSED, message);
    renderStep();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull();
    expect(screen.queryByLabelText('One-time password')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Back to password' })).toHaveFocus());
  });

  it('a failed SMS is said in an alert, and a new code may be asked for at once', async () => {
    routes[SEND] = () => refused(503, OTP_RESPONSE_CODE.SMS_FAILED, OTP_MESSAGES.smsFailed);
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

/** The real setTimeout, taken before a test fakes it. */
const realSetTimeout = globalThis.setTimeout;

/**
 * Waits in real time, the fake clock standing still, until `check` passes: the fake server's answers
 * are sealed and opened with WebCrypto, which runs outside the fake clock (vi.waitFor would move it).
 */
async function inRealTime(check: () => void, timeoutMs = 5_000) {
  const end = performance.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (performance.now() > end) throw error;
    }
    await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 10)));
  }
}

describe('OtpStep: send a new code (fake clock)', () => {
  it('counts the cool-down down on screen, says only its start and end, then sends again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    renderStep();
    const announced = `${OTP_MESSAGES.codeSent} ${OTP_MESSAGES.resendIn(COOLDOWN_S)}`;
    await inRealTime(() => expect(status()).toHaveTextContent(announced));
    expect(resendButton()).toHaveAttribute('aria-disabled', 'true');
    expect(resendButton()).toHaveAccessibleDescription(OTP_MESSAGES.resendIn(COOLDOWN_S));

    // Sends nothing: counted below, once a later answer is in (a call reaches the server only once sealed).
    fireEvent.click(resendButton());

    await passSeconds(10);
    expect(resendButton()).toHaveAccessibleDescription(OTP_MESSAGES.resendIn(COOLDOWN_S - 10));
    // Seen, not spoken: the status still holds what was said when the cool-down started.
    expect(status()).toHaveTextContent(announced);

    await passSeconds(COOLDOWN_S - 10);
    expect(resendButton()).toHaveAttribute('aria-disabled', 'false');
    expect(status()).toHaveTextContent(OTP_MESSAGES.resendReady);

    routes[SEND] = () => sent(0);
    fireEvent.click(resendButton());
    await inRealTime(() => expect(status()).toHaveTextContent(`${OTP_MESSAGES.newCodeSent} ${OTP_MESSAGES.lastCode}`));
    expect(callsTo(API_PATHS.sendOtpSms)).toHaveLength(2);
    expect(resendButton()).toHaveAttribute('aria-disabled', 'true');
    expect(codeInput()).toHaveFocus();
  });

  it('reads the wall clock, so a tab whose timers slept shows the right time at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    renderStep();
    await inRealTime(() => expect(status()).toHaveTextContent(OTP_MESSAGES.resendIn(COOLDOWN_S)));
    // The clock jumps 25 s with no timer run in between (a throttled tab); the next tick catches up.
    vi.setSystemTime(Date.now() + 25_000);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(resendButton()).toHaveAccessibleDescription(OTP_MESSAGES.resendIn(COOLDOWN_S - 26));
  });
});
