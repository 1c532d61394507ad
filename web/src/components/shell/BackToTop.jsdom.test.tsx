import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACK_TO_TOP } from '#contract/index.ts';
import { BackToTop } from './BackToTop.tsx';
import { setScrollY } from './testkit.tsx';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
let scrollTo: ReturnType<typeof vi.fn<(options: ScrollToOptions) => void>>;

function renderButton() {
  render(
    <>
      <a href="#top">Top of the page</a>
      <BackToTop focusTop={() => screen.getByRole('link', { name: 'Top of the page' }).focus()} />
    </>,
  );
}
const button = () => screen.queryByRole('button', { name: 'Back to top' });
const shown = () => expect(button()).toBeInTheDocument();
const notShown = () => expect(button()).not.toBeInTheDocument();

// The button is a lazily loaded chunk: load it once, so each test renders it at once.
beforeAll(async () => {
  setScrollY(5000, false);
  renderButton();
  await screen.findByRole('button', { name: 'Back to top' });
  cleanup();
});

beforeEach(() => {
  vi.useFakeTimers();
  setScrollY(0, false);
  scrollTo = vi.fn((options: ScrollToOptions) => setScrollY(options.top ?? 0, false));
  window.scrollTo = scrollTo as typeof window.scrollTo;
  window.matchMedia = undefined as unknown as typeof window.matchMedia;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('back to top', () => {
  it(`appears only past ${BACK_TO_TOP.THRESHOLD_PX} px, once scrolling has paused ${BACK_TO_TOP.SCROLL_DEBOUNCE_MS} ms`, () => {
    renderButton();
    notShown();
    act(() => setScrollY(BACK_TO_TOP.THRESHOLD_PX));
    advance(BACK_TO_TOP.SCROLL_DEBOUNCE_MS);
    notShown();
    act(() => setScrollY(BACK_TO_TOP.THRESHOLD_PX + 1));
    advance(BACK_TO_TOP.SCROLL_DEBOUNCE_MS - 1);
    notShown();
    // Further scroll events restart the wait (debounce, not throttle).
    act(() => setScrollY(900));
    advance(BACK_TO_TOP.SCROLL_DEBOUNCE_MS - 1);
    notShown();
    advance(1);
    shown();
    act(() => setScrollY(100));
    advance(BACK_TO_TOP.SCROLL_DEBOUNCE_MS);
    notShown();
  });

  it('is shown at once when the page loads already scrolled down', () => {
    setScrollY(1200, false);
    renderButton();
    shown();
  });

  it(`scrolls smoothly to the top in exactly ${BACK_TO_TOP.SCROLL_MS} ms, then focuses the top of the page`, () => {
    setScrollY(2000, false);
    renderButton();
    fireEvent.click(button()!);
    advance(BACK_TO_TOP.SCROLL_MS / 2);
    const midway = window.scrollY;
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(2000);
    advance(BACK_TO_TOP.SCROLL_MS / 2 - 1);
    // Eased: nearly there, but not finished until the 450th millisecond.
    expect(window.scrollY).toBeLessThan(midway);
    expect(screen.getByRole('link', { name: 'Top of the page' })).not.toHaveFocus();
    advance(1);
    expect(window.scrollY).toBe(0);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'instant' });
    expect(screen.getByRole('link', { name: 'Top of the page' })).toHaveFocus();
  });

  it('jumps at once when the user prefers reduced motion', () => {
    window.matchMedia = ((query: string) => ({
      matches: query.includes('reduce'),
      media: query,
    })) as typeof window.matchMedia;
    setScrollY(2000, false);
    renderButton();
    fireEvent.click(button()!);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(window.scrollY).toBe(0);
    expect(screen.getByRole('link', { name: 'Top of the page' })).toHaveFocus();
  });

  it('gives way when the user takes over with the wheel', () => {
    setScrollY(2000, false);
    renderButton();
    fireEvent.click(button()!);
    advance(100);
    const calls = scrollTo.mock.calls.length;
    act(() => window.dispatchEvent(new Event('wheel')));
    advance(BACK_TO_TOP.SCROLL_MS);
    expect(scrollTo.mock.calls.length).toBe(calls);
    expect(screen.getByRole('link', { name: 'Top of the page' })).not.toHaveFocus();
  });
});
