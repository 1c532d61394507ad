import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST, TOAST_TITLES } from '#contract/index.ts';
import { emit } from '../../lib/events/bus.ts';
import { Toasts } from './Toasts.tsx';
import { clearToasts } from './toastStore.ts';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const stack = () => within(screen.getByRole('region', { name: 'Notifications' })).getByRole('list');

// The visible stack is a lazily loaded chunk: load it once, so each test renders it at once.
beforeAll(async () => {
  render(<Toasts />);
  act(() => emit('toast', { severity: 'info', message: 'warm-up' }));
  // Plain items show while the stack's code loads: wait for the code itself, not for the list.
  await act(async () => {
    await import('./ToastStack.tsx');
  });
  await screen.findByRole('region', { name: 'Notifications' });
  act(() => clearToasts());
  cleanup();
});

beforeEach(() => {
  vi.useFakeTimers();
  clearToasts();
});
afterEach(() => {
  act(() => clearToasts());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('titles each severity as the specification names it, and announces it', () => {
    render(<Toasts />);
    act(() => emit('toast', { severity: 'success', message: 'Record saved successfully.' }));
    expect(screen.getByText(TOAST_TITLES.success)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Success Message: Record saved successfully.');
    act(() => emit('toast', { severity: 'warn', message: 'Careful.' }));
    act(() => emit('toast', { severity: 'info', message: 'For your information.' }));
    act(() => emit('toast', { severity: 'error', message: 'Sorry, save record failed. Please try again later.' }));
    const items = within(stack()).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.toast-title')?.textContent)).toEqual([
      'Success Message',
      'Warn Message',
      'Info Message',
      'Error Message',
    ]);
    // Errors are announced assertively, the others politely.
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Error Message: Sorry, save record failed. Please try again later.',
    );
  });

  it('shows the same message once, the newer toast with its full time (docs/decisions/0032)', () => {
    render(<Toasts />);
    act(() => emit('toast', { severity: 'error', message: 'Connection lost' }));
    advance(TOAST.ERROR_LIFETIME_MS - 100);
    act(() => emit('toast', { severity: 'error', message: 'Connection lost' }));
    expect(within(stack()).getAllByRole('listitem')).toHaveLength(1);
    advance(200);
    expect(screen.getByText('Connection lost')).toBeInTheDocument();
    act(() => emit('toast', { severity: 'info', message: 'Connection lost' }));
    expect(within(stack()).getAllByRole('listitem')).toHaveLength(2);
  });

  it(`keeps an error toast exactly ${TOAST.ERROR_LIFETIME_MS} ms`, () => {
    render(<Toasts />);
    act(() => emit('toast', { severity: 'error', message: 'Boom' }));
    advance(TOAST.ERROR_LIFETIME_MS - 1);
    expect(screen.getByText('Boom')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Boom')).not.toBeInTheDocument();
    expect(document.querySelector('.toasts')).toBeNull();
  });

  it('stops the clock while the pointer is over the toast, and resumes with the time left', () => {
    render(<Toasts />);
    act(() => emit('toast', { severity: 'error', message: 'Hover me' }));
    advance(3_000);
    const toast = screen.getByText('Hover me').closest('li')!;
    fireEvent.mouseEnter(toast);
    advance(60_000);
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    fireEvent.mouseLeave(toast);
    advance(1_999);
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Hover me')).not.toBeInTheDocument();
  });

  it('stops the clock while focus is inside the toast (WCAG 2.2.1)', () => {
    render(
      <>
        <button type="button">elsewhere</button>
        <Toasts />
      </>,
    );
    act(() => emit('toast', { severity: 'error', message: 'Focus me' }));
    advance(4_000);
    const close = screen.getByRole('button', { name: 'Dismiss Error Message' });
    act(() => close.focus());
    advance(30_000);
    expect(screen.getByText('Focus me')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'elsewhere' }).focus());
    advance(999);
    expect(screen.getByText('Focus me')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Focus me')).not.toBeInTheDocument();
  });

  it('is dismissed at once by its close button, and the dismissal is not re-announced', () => {
    render(<Toasts />);
    act(() => emit('toast', { severity: 'info', message: 'First' }));
    act(() => emit('toast', { severity: 'info', message: 'Second' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss Info Message' })[1]!);
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
    expect(screen.getByText('First')).toBeInTheDocument();
    // The announcer does not fall back to (and so repeat) the older toast.
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('moves to the other edge when it would cover the focused element or any control (WCAG 2.4.11)', () => {
    render(
      <>
        <input aria-label="field under the toasts" />
        <button type="button">button under the toasts</button>
        <Toasts />
      </>,
    );
    act(() => emit('toast', { severity: 'info', message: 'Over a field' }));
    const list = stack();
    const field = screen.getByLabelText('field under the toasts');
    const button = screen.getByRole('button', { name: 'button under the toasts' });
    const rect = (top: number) =>
      ({ top, bottom: top + 40, left: 800, right: 1000, width: 200, height: 40 }) as DOMRect;
    const away = rect(300);
    // Where the stack is depends on its spot: the bottom edge by default, the top when moved.
    list.getBoundingClientRect = () => rect(list.dataset.spot === 'top' ? 10 : 600);
    button.getBoundingClientRect = () => away;
    expect(list).toHaveAttribute('data-spot', 'bottom');
    field.getBoundingClientRect = () => rect(610);
    act(() => field.focus());
    expect(list).toHaveAttribute('data-spot', 'top');
    // Both edges cover a control: the one that does not hide the focus.
    button.getBoundingClientRect = () => rect(20);
    act(() => {
      field.blur();
      field.focus();
    });
    expect(list).toHaveAttribute('data-spot', 'top');
    field.getBoundingClientRect = () => away;
    button.getBoundingClientRect = () => away;
    act(() => {
      field.blur();
      field.focus();
    });
    expect(list).toHaveAttribute('data-spot', 'bottom');
  });

  it('goes after the page when every spot would hide the focused field, and comes back when one does not', () => {
    render(
      <>
        <input aria-label="field in the middle of the window" />
        <Toasts />
      </>,
    );
    act(() => emit('toast', { severity: 'error', message: 'Please correct the validation errors.' }));
    const list = stack();
    const field = screen.getByLabelText('field in the middle of the window');
    // A stack taller than the room either side of the field (380 px in a 640 px window at 200 % text).
    list.getBoundingClientRect = () =>
      ({
        top: list.dataset.spot === 'top' ? 16 : 228,
        bottom: list.dataset.spot === 'top' ? 396 : 608,
        left: 32,
        right: 288,
        width: 256,
        height: 380,
      }) as DOMRect;
    const at = (top: number) => ({ top, bottom: top + 78, left: 32, right: 288, width: 256, height: 78 }) as DOMRect;
    field.getBoundingClientRect = () => at(281);
    act(() => field.focus());
    expect(list).toHaveAttribute('data-spot', 'after');
    field.getBoundingClientRect = () => at(500);
    act(() => {
      field.blur();
      field.focus();
    });
    expect(list).toHaveAttribute('data-spot', 'top');
  });
});
