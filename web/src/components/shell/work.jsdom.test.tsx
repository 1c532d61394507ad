import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLOCK_OVERLAY_SPINNER_DELAY_MS, PROGRESS_BAR } from '#contract/index.ts';
import { emit } from '../../lib/events/bus.ts';
import type { RouteDef, ScreenProps } from '../../lib/router/router.ts';
import type { ComponentType } from 'react';
import { flush, renderShell, screen as screenOf, simpleRoutes } from './testkit.tsx';

const progress = () => document.querySelector<HTMLElement>('.progress-bar')!;
const overlay = () => screen.getByTestId('block-overlay');
const main = () => document.querySelector('main')!;
const inflight = (count: number, blocking = 0) => act(() => emit('calls:inflight', { count, blocking }));

/** A route whose screen loads only when the test says so (or fails when it says so). */
function slowRoute(path: string) {
  let resolve!: (m: { default: ComponentType<ScreenProps> }) => void;
  let reject!: (e: unknown) => void;
  const route: RouteDef = {
    path,
    title: 'Slow',
    load: () =>
      new Promise((res, rej) => {
        resolve = res;
        reject = rej;
      }),
  };
  return {
    route,
    finish: () => act(async () => resolve({ default: screenOf('Slow page') })),
    fail: () => act(async () => reject(new Error('chunk failed to load'))),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  window.scrollTo = vi.fn() as typeof window.scrollTo;
});
afterEach(() => {
  inflight(0, 0);
  vi.useRealTimers();
});

describe('progress bar', () => {
  it(`has the configured look: ${PROGRESS_BAR.mode}, ${PROGRESS_BAR.color}, ${PROGRESS_BAR.height}`, async () => {
    await renderShell();
    expect(progress()).toHaveAttribute('data-mode', 'indeterminate');
    expect(progress()).not.toHaveAttribute('aria-valuenow');
    const { applyDesignTokens } = await import('../theme/theme.ts');
    applyDesignTokens();
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--progress-color')).toBe('#B20838');
    expect(style.getPropertyValue('--progress-height')).toBe('3px');
  });

  it('shows while calls are in flight, counting them, and hides when the last completes', async () => {
    await renderShell();
    expect(progress()).not.toBeVisible();
    inflight(1);
    expect(progress()).toBeVisible();
    inflight(2);
    inflight(1);
    expect(progress()).toBeVisible();
    inflight(0);
    expect(progress()).not.toBeVisible();
  });

  it('shows while a route loads (guards and the screen code), and hides when it commits', async () => {
    const slow = slowRoute('/slow');
    const { router } = await renderShell({ routes: [...simpleRoutes, slow.route] });
    expect(progress()).not.toBeVisible();
    act(() => router.navigate('/slow'));
    await flush();
    expect(progress()).toBeVisible();
    await slow.finish();
    expect(screen.getByRole('heading', { name: 'Slow page' })).toBeInTheDocument();
    expect(progress()).not.toBeVisible();
  });
});

describe('block overlay', () => {
  it('blocks during route navigation, spinner and a polite "Loading" after a short delay, then leaves', async () => {
    const slow = slowRoute('/slow');
    const { router } = await renderShell({ routes: [...simpleRoutes, slow.route] });
    expect(overlay()).not.toBeVisible();
    act(() => router.navigate('/slow'));
    await flush();
    expect(overlay()).toBeVisible();
    expect(main()).toHaveAttribute('aria-busy', 'true');
    expect(overlay()).not.toHaveAttribute('data-slow');
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(BLOCK_OVERLAY_SPINNER_DELAY_MS));
    expect(overlay()).toHaveAttribute('data-slow', 'true');
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await slow.finish();
    expect(overlay()).not.toBeVisible();
    expect(main()).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('blocks during blocking calls only, not during background ones', async () => {
    await renderShell();
    inflight(1, 0);
    expect(overlay()).not.toBeVisible();
    inflight(2, 1);
    expect(overlay()).toBeVisible();
    inflight(1, 0);
    expect(overlay()).not.toBeVisible();
  });

  it('is never left stuck: a screen that fails to load clears it', async () => {
    const slow = slowRoute('/slow');
    const { router } = await renderShell({ routes: [...simpleRoutes, slow.route] });
    act(() => router.navigate('/slow'));
    await flush();
    expect(overlay()).toBeVisible();
    await slow.fail();
    expect(overlay()).not.toBeVisible();
    expect(progress()).not.toBeVisible();
  });

  it('is never left stuck: a navigation overtaken by another clears it when the second commits', async () => {
    const slow = slowRoute('/slow');
    const { router } = await renderShell({ routes: [...simpleRoutes, slow.route] });
    act(() => router.navigate('/slow'));
    await flush();
    act(() => router.navigate('/other'));
    await flush();
    expect(screen.getByRole('heading', { name: 'Other page' })).toBeInTheDocument();
    expect(overlay()).not.toBeVisible();
    await slow.finish();
    expect(overlay()).not.toBeVisible();
    expect(screen.getByRole('heading', { name: 'Other page' })).toBeInTheDocument();
  });

  it('ignores nonsense counts rather than sticking', async () => {
    await renderShell();
    inflight(-1, Number.NaN);
    expect(overlay()).not.toBeVisible();
    expect(progress()).not.toBeVisible();
  });
});
