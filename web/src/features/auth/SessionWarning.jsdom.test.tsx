import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION, SESSION_WARNING_MESSAGES } from '#contract/index.ts';
import { installDialogStandIn } from '../../../test/dialog.ts';
import { on } from '../../lib/events/bus.ts';
import { systemClock } from '../../lib/session/systemClock.ts';
import { createSessionEngine, type RefreshOutcome } from '../../lib/session/engine.ts';
import { SessionWarning } from './SessionWarning.tsx';

const T0 = new Date('2025-03-01T02:00:00.000Z').getTime();
const WARN_AT = SESSION.FALLBACK_EXPIRY_MS - SESSION.WARNING_BEFORE_LOGOUT_MS;
const stops: Array<() => void> = [];

beforeEach(() => {
  vi.useFakeTimers({ now: T0, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  sessionStorage.clear();
  installDialogStandIn();
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  document.body.innerHTML = '';
  vi.useRealTimers();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function setup() {
  const refresh = vi.fn<() => Promise<RefreshOutcome>>(async () => ({
    kind: 'ok',
    token: 't2',
    tokenExpirationDate: '',
  }));
  const logout = vi.fn<(token: string) => Promise<void>>(async () => undefined);
  const navigate = vi.fn<(to: string) => void>();
  const engine = createSessionEngine({
    clock: systemClock,
    calls: { refresh, logout },
    on,
    navigate,
    currentHash: () => '#/home',
    activityTarget: document,
    windowTarget: window,
  });
  stops.push(engine.start());
  engine.setRoute('/home');
  engine.begin({ token: 't1', rememberMe: false });
  const before = document.createElement('button');
  before.textContent = 'Somewhere on the page';
  document.body.append(before);
  before.focus();
  render(<SessionWarning engine={engine} />);
  return { engine, refresh, logout, navigate, before };
}

const polite = () => screen.getByTestId('session-warning-polite').textContent;
const urgent = () => screen.getByTestId('session-warning-urgent').textContent;

describe('SessionWarning', () => {
  it('opens two minutes before the logout, labelled, with focus on Stay signed in', async () => {
    setup();
    await advance(WARN_AT - 1);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(1);
    const dialog = screen.getByRole('dialog', { name: SESSION_WARNING_MESSAGES.title });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription(/you will be logged out soon/i);
    expect(screen.getByRole('button', { name: SESSION_WARNING_MESSAGES.stay })).toHaveFocus();
    expect(dialog).toHaveTextContent('2:00');
  });

  it('announces the time left every 15 seconds, then every 5 in the last 20, and keeps focus', async () => {
    setup();
    await advance(WARN_AT);
    const stay = screen.getByRole('button', { name: SESSION_WARNING_MESSAGES.stay });
    expect(polite()).toBe('');
    const politeSeen: string[] = [];
    const urgentSeen: string[] = [];
    for (let elapsed = 1; elapsed <= 119; elapsed++) {
      await advance(1_000);
      const p = polite() ?? '';
      const u = urgent() ?? '';
      if (p && p !== politeSeen.at(-1)) politeSeen.push(p);
      if (u && u !== urgentSeen.at(-1)) urgentSeen.push(u);
      if (elapsed === 14) expect(p, 'nothing said in the first 14 seconds').toBe('');
      expect(stay).toHaveFocus();
    }
    expect(politeSeen).toEqual([
      'You will be logged out in 1 minute 45 seconds.',
      'You will be logged out in 1 minute 30 seconds.',
      'You will be logged out in 1 minute 15 seconds.',
      'You will be logged out in 1 minute.',
      'You will be logged out in 45 seconds.',
      'You will be logged out in 30 seconds.',
    ]);
    expect(urgentSeen).toEqual([
      'Only 20 seconds left. You will be logged out soon.',
      'Only 15 seconds left. You will be logged out soon.',
      'Only 10 seconds left. You will be logged out soon.',
      'Only 5 seconds left. You will be logged out soon.',
    ]);
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    setup();
    await advance(WARN_AT);
    const stay = screen.getByRole('button', { name: SESSION_WARNING_MESSAGES.stay });
    const logoutNow = screen.getByRole('button', { name: SESSION_WARNING_MESSAGES.logout });
    logoutNow.focus();
    fireEvent.keyDown(logoutNow, { key: 'Tab' });
    expect(stay).toHaveFocus();
    fireEvent.keyDown(stay, { key: 'Tab', shiftKey: true });
    expect(logoutNow).toHaveFocus();
  });

  it('at the absolute limit says when the session ends, offers no Stay signed in, and leaves the page usable', async () => {
    const { engine, refresh } = setup();
    // The limit is 8 minutes after this refresh (T0 is 10:00 in Singapore): the answer stops there.
    refresh.mockResolvedValue({ kind: 'ok', token: 't2', tokenExpirationDate: '20250301T100800' });
    engine.requestRefresh();
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    const notice = screen.getByRole('region', { name: SESSION_WARNING_MESSAGES.title });
    expect(screen.getByRole('alert')).toHaveTextContent(SESSION_WARNING_MESSAGES.limitBody('10:08'));
    // A browser abroad reads its own clock: the time says whose it is (docs/decisions/0089).
    expect(screen.getByRole('alert')).toHaveTextContent('logged out at 10:08 (Singapore time)');
    expect(screen.queryByRole('button', { name: SESSION_WARNING_MESSAGES.stay })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    // Two minutes before: still the notice, never the idle warning's modal dialog.
    await advance(6 * 60_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(within(notice).getByRole('button', { name: SESSION_WARNING_MESSAGES.limitClose }));
    expect(screen.queryByRole('region', { name: SESSION_WARNING_MESSAGES.title })).toBeNull();
    await advance(2 * 60_000);
    expect(engine.getState().signedIn).toBe(false);
  });

  /** Brings up the session-limit notice (the refresh's answer stops 8 minutes on, at the limit). */
  async function atTheLimit() {
    const set = setup();
    set.refresh.mockResolvedValue({ kind: 'ok', token: 't2', tokenExpirationDate: '20250301T100800' });
    set.engine.requestRefresh();
    await advance(0);
    return { ...set, notice: screen.getByRole('region', { name: SESSION_WARNING_MESSAGES.title }) };
  }

  it('at the limit brings the control the user is on above the notice, which keeps to the bottom band (WCAG 2.4.11)', async () => {
    const scrolled = vi.fn();
    HTMLElement.prototype.scrollIntoView = scrolled;
    try {
      const { before } = await atTheLimit();
      expect(scrolled).toHaveBeenCalledTimes(1);
      expect(scrolled.mock.contexts[0]).toBe(before);
      expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' });
    } finally {
      delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
    }
  });

  it('closes the limit notice on Escape from anywhere on the page, the focus staying where it is', async () => {
    const { before } = await atTheLimit();
    fireEvent.keyDown(before, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: SESSION_WARNING_MESSAGES.title })).toBeNull();
    expect(before).toHaveFocus();
  });

  it('leaves the limit notice up when Escape closes something else first (an open dialog, the menu)', async () => {
    const { before } = await atTheLimit();
    before.addEventListener('keydown', (event) => event.preventDefault(), { once: true });
    fireEvent.keyDown(before, { key: 'Escape' });
    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    document.body.append(dialog);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('region', { name: SESSION_WARNING_MESSAGES.title })).toBeInTheDocument();
  });

  it("puts the focus back where it was when the limit notice's Close had it", async () => {
    const { before, notice } = await atTheLimit();
    const close = within(notice).getByRole('button', { name: SESSION_WARNING_MESSAGES.limitClose });
    act(() => close.focus());
    expect(close).toHaveFocus();
    fireEvent.click(close);
    expect(screen.queryByRole('region', { name: SESSION_WARNING_MESSAGES.title })).toBeNull();
    expect(before).toHaveFocus();
  });

  it('Stay signed in refreshes at once, closes, and gives focus back', async () => {
    const { refresh, before } = setup();
    await advance(WARN_AT + 30_000);
    fireEvent.click(screen.getByRole('button', { name: SESSION_WARNING_MESSAGES.stay }));
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(before).toHaveFocus();
  });

  it('says so when Stay signed in cannot reach the server, keeps trying, and closes once it can', async () => {
    // The refresh is a background call (no toast): without this, the button only went quiet while the
    // countdown ran on to the logout.
    const { refresh, before } = setup();
    refresh.mockResolvedValue({ kind: 'unreachable' });
    await advance(WARN_AT);
    fireEvent.click(screen.getByRole('button', { name: SESSION_WARNING_MESSAGES.stay }));
    await advance(0);
    const dialog = screen.getByRole('dialog', { name: SESSION_WARNING_MESSAGES.title });
    expect(screen.getByRole('alert')).toHaveTextContent(SESSION_WARNING_MESSAGES.stayFailed);
    expect(dialog).toContainElement(screen.getByRole('alert'));
    expect(screen.getByRole('button', { name: SESSION_WARNING_MESSAGES.stay })).toHaveFocus();

    refresh.mockResolvedValue({ kind: 'ok', token: 't3', tokenExpirationDate: '' });
    await advance(SESSION.REFRESH_CHECK_MS);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(before).toHaveFocus();
  });

  it('Escape keeps the session too', async () => {
    const { refresh } = setup();
    await advance(WARN_AT);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Log out now logs out', async () => {
    const { logout, navigate } = setup();
    await advance(WARN_AT);
    fireEvent.click(screen.getByRole('button', { name: SESSION_WARNING_MESSAGES.logout }));
    await advance(0);
    expect(logout).toHaveBeenCalledWith('t1');
    expect(navigate).toHaveBeenCalledWith('#/home?step=logout');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the real time left as soon as a hidden tab is seen again', async () => {
    setup();
    await advance(WARN_AT);
    // Hidden: no timer ran for 70 seconds.
    vi.setSystemTime(T0 + WARN_AT + 70_000);
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(screen.getByRole('dialog')).toHaveTextContent('0:50');
    expect(polite()).toBe('You will be logged out in 50 seconds.');
  });

  it('logs out at the deadline and closes', async () => {
    const { navigate } = setup();
    await advance(SESSION.FALLBACK_EXPIRY_MS);
    expect(navigate).toHaveBeenCalledWith('#/home?step=logout');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
