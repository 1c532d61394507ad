import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONNECTION_MESSAGES } from '#contract/index.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSyncExternalStore, type ComponentType } from 'react';
import { flush, renderShell, screen as headingScreen } from '../../components/shell/testkit.tsx';
import { parseHash } from './location.ts';
import type { RouteDef, ScreenProps } from './router.ts';

beforeEach(() => {
  window.scrollTo = vi.fn() as typeof window.scrollTo;
});

/** A screen that shows its h1 only after its data has come (as content screens may). */
function lateHeading(): { Screen: ComponentType<ScreenProps>; show: () => void } {
  const listeners = new Set<() => void>();
  let shown = false;
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  };
  const Screen = () => {
    const ready = useSyncExternalStore(subscribe, () => shown);
    return ready ? <h1>Late page</h1> : <p>Loading…</p>;
  };
  return {
    Screen,
    show: () => {
      shown = true;
      for (const l of listeners) l();
    },
  };
}

const routes: RouteDef[] = [
  { path: '/home', title: 'Home', load: async () => ({ default: headingScreen('Home page') }) },
  { path: '/other', title: 'Other', load: async () => ({ default: headingScreen('Other page') }) },
  {
    path: '/coded',
    title: 'Coded',
    titleFor: (location) => `Coded (${location.query.get('errorCode') ?? 'none'})`,
    load: async () => ({ default: headingScreen('Coded page') }),
  },
];

describe('RouterView', () => {
  it('leaves focus alone on the first screen, then moves it to the new page heading on navigation', async () => {
    const { router } = await renderShell({ routes });
    expect(screen.getByRole('heading', { name: 'Home page' })).not.toHaveFocus();
    const link = screen.getByRole('link', { name: 'FAQs' });
    link.focus();
    act(() => router.navigate('/other'));
    await flush();
    const heading = screen.getByRole('heading', { level: 1, name: 'Other page' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('sets a document title per route, from the address when the route says so', async () => {
    const { router } = await renderShell({ routes });
    expect(document.title).toBe('Home | PTIB e-Services');
    act(() => router.navigate('/coded?errorCode=PTACC-951'));
    await flush();
    expect(document.title).toBe('Coded (PTACC-951) | PTIB e-Services');
  });

  it('waits for a heading that a screen renders after it commits', async () => {
    const late = lateHeading();
    const { router } = await renderShell({
      routes: [...routes, { path: '/late', title: 'Late', load: async () => ({ default: late.Screen }) }],
    });
    screen.getByRole('button', { name: 'Menu' }).focus();
    act(() => router.navigate('/late'));
    await flush();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    act(() => late.show());
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: 'Late page' })).toHaveFocus();
  });

  it('does not take focus back from a user who moved on while the heading was loading', async () => {
    const late = lateHeading();
    const { router } = await renderShell({
      routes: [...routes, { path: '/late', title: 'Late', load: async () => ({ default: late.Screen }) }],
    });
    act(() => router.navigate('/late'));
    await flush();
    const search = screen.getByLabelText('Search');
    act(() => search.focus());
    act(() => late.show());
    await flush();
    expect(search).toHaveFocus();
  });
});

describe('a screen that will not load or show (docs/decisions/0032)', () => {
  it('says so in its place with a retry, and loads when the browser is back online', async () => {
    let reachable = false;
    const { router } = await renderShell({
      routes: [
        ...routes,
        {
          path: '/far',
          title: 'Far',
          load: async () => {
            if (!reachable) throw new TypeError('Failed to fetch dynamically imported module: /assets/Far.js');
            return { default: headingScreen('Far page') };
          },
        },
      ],
    });
    act(() => router.navigate('/far'));
    await flush();
    // The old screen does not stay under the new address.
    expect(screen.queryByRole('heading', { name: 'Home page' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: CONNECTION_MESSAGES.pageTitle })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: CONNECTION_MESSAGES.retry }));
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: CONNECTION_MESSAGES.pageTitle })).toBeInTheDocument();

    reachable = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: 'Far page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: CONNECTION_MESSAGES.pageTitle })).toBeNull();
  });

  it('shows a screen that throws while rendering as the same recoverable screen, never a blank page', async () => {
    let broken = true;
    const Fragile = () => {
      if (broken) throw new Error('render bug');
      return <h1>Mended page</h1>;
    };
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = await renderShell({
      routes: [...routes, { path: '/fragile', title: 'Fragile', load: async () => ({ default: Fragile }) }],
    });
    act(() => router.navigate('/fragile'));
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: CONNECTION_MESSAGES.pageTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'FAQs' })).toBeInTheDocument();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: CONNECTION_MESSAGES.retry }));
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: 'Mended page' })).toBeInTheDocument();
    quiet.mockRestore();
  });
});

describe('error screen titles (routes table)', () => {
  it('put the error code in the title, or InvalidCode when it is not one of the 42', async () => {
    const { routes: table, notFoundRoute } = await import('../../app/routes.ts');
    const denied = table.find((r) => r.path === '/common-handler/access-denied')!;
    // The router sets a title once the screen has loaded; the code list comes with the error screens.
    expect(denied.titleFor!(parseHash('#/common-handler/access-denied?errorCode=PTACC-948'))).toBe('Access denied');
    await denied.load();
    expect(denied.titleFor!(parseHash('#/common-handler/access-denied?errorCode=PTACC-948'))).toBe(
      'Access denied (Error Code: PTACC-948)',
    );
    expect(denied.titleFor!(parseHash('#/common-handler/access-denied?errorCode=nope'))).toBe(
      'Access denied (Error Code: InvalidCode)',
    );
    expect(denied.titleFor!(parseHash('#/common-handler/access-denied'))).toBe('Access denied');
    for (const path of [
      '/common-handler/page-not-found',
      '/common-handler/system-error',
      '/common-handler/unexpected-error',
    ]) {
      const route = table.find((r) => r.path === path)!;
      expect(route.titleFor!(parseHash(`#${path}?errorCode=d-994`))).toBe(`${route.title} (Error Code: d-994)`);
    }
    expect(notFoundRoute.titleFor!(parseHash('#/nowhere?errorCode=ei-990'))).toBe(
      'Page not Found (Error Code: ei-990)',
    );
  });
});
