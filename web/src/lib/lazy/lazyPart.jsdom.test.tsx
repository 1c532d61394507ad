import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_MESSAGES } from '#contract/index.ts';
import { on, type AppEvents } from '../events/bus.ts';
import { lazyPart } from './lazyPart.tsx';

/** Lets the import's promise and React's retry settle. */
const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });

function offline(value: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!value);
}

// React logs each error its boundary catches; here they are the point of the test.
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => {
  vi.mocked(console.error).mockClear();
  vi.restoreAllMocks();
});

describe('lazyPart (docs/decisions/0032)', () => {
  it('keeps the page, says once that the connection is lost, and loads the part when back online', async () => {
    const toasts: AppEvents['toast'][] = [];
    const off = on('toast', (t) => toasts.push(t));
    let reachable = false;
    const load = vi.fn(async () => {
      if (!reachable) throw new TypeError('Failed to fetch dynamically imported module: /assets/Part.js');
      return { default: ({ name }: { name: string }) => <p>Hello {name}</p> };
    });
    const Part = lazyPart(load, { fallback: ({ name }) => <p>Plain {name}</p> });
    offline(true);
    const view = render(
      <main>
        <h1>Still here</h1>
        <Part name="Ann" />
      </main>,
    );
    await settle();
    expect(screen.getByRole('heading', { name: 'Still here' })).toBeInTheDocument();
    expect(screen.getByText('Plain Ann')).toBeInTheDocument();
    expect(toasts).toEqual([{ severity: 'error', message: CONNECTION_MESSAGES.offline }]);

    // Needed again while still offline: tried again, said no more.
    view.rerender(
      <main>
        <h1>Still here</h1>
      </main>,
    );
    view.rerender(
      <main>
        <h1>Still here</h1>
        <Part name="Ann" />
      </main>,
    );
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(toasts).toHaveLength(1);

    reachable = true;
    offline(false);
    act(() => void window.dispatchEvent(new Event('online')));
    await settle();
    expect(screen.getByText('Hello Ann')).toBeInTheDocument();
    expect(toasts).toHaveLength(1);
    off();
  });

  it('says that a part would not load, without blaming the connection, when the browser is online', async () => {
    const toasts: AppEvents['toast'][] = [];
    const off = on('toast', (t) => toasts.push(t));
    const Part = lazyPart(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    offline(false);
    render(<Part />);
    await settle();
    expect(toasts).toEqual([{ severity: 'error', message: CONNECTION_MESSAGES.partFailed }]);
    off();
  });
});
