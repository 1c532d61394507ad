import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONNECTION_MESSAGES } from '#contract/index.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect, useSyncExternalStore, type ComponentType } from 'react';
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

  it('leaves the view at the top when the new heading is in sight there', async () => {
    const { router } = await renderShell({ routes });
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    act(() => router.navigate('/other'));
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: 'Other page' })).toHaveFocus();
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(scrolled).not.toHaveBeenCalled();
  });

  it('brings main into view when a header taller than the window (large text) leaves the heading below the fold', async () => {
    const { router } = await renderShell({ routes });
    const main = document.querySelector('main')!;
    let top = 1_500; // The heading's top in the window: under a 1,369 px header at 320 px with 200 % text.
    const heading = () => screen.queryByRole('heading', { level: 1, name: 'Other page' });
    const rectOf = HTMLElement.prototype.getBoundingClientRect;
    HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
      return this === heading() ? new DOMRect(0, top, 300, 60) : rectOf.call(this);
    };
    const scrolled = vi.fn(function (this: Element) {
      if (this === main) top = 40;
    });
    Element.prototype.scrollIntoView = scrolled;
    try {
      act(() => router.navigate('/other'));
      await flush();
      expect(heading()).toHaveFocus();
      expect(scrolled).toHaveBeenCalledTimes(1);
      expect(scrolled.mock.contexts[0]).toBe(main);
      expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
    } finally {
      HTMLElement.prototype.getBoundingClientRect = rectOf;
    }
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

describe('an address with an anchor', () => {
  /** The part an anchor names: a heading, as the dashboard's profile switcher has, and a field of a form. */
  const Part = () => (
    <section>
      <h2 id="part-heading">Act for another profile</h2>
      <label>
        Reference <input id="part-field" />
      </label>
    </section>
  );

  /** A page with its h1 at once and its part once its data has come (`show`), or at once. */
  function partPage(late: boolean): { route: RouteDef; show: () => void } {
    const listeners = new Set<() => void>();
    let shown = !late;
    const subscribe = (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    };
    const Screen = () => {
      const ready = useSyncExternalStore(subscribe, () => shown);
      return (
        <>
          <h1>Parts page</h1>
          {ready ? <Part /> : <p>Loading…</p>}
        </>
      );
    };
    return {
      route: { path: '/parts', title: 'Parts', load: async () => ({ default: Screen }) },
      show: () => {
        shown = true;
        for (const l of listeners) l();
      },
    };
  }

  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('moves the focus to the part it names, not only the view, from the link that was followed', async () => {
    const page = partPage(false);
    const { router } = await renderShell({ routes: [...routes, page.route] });
    screen.getByRole('link', { name: 'FAQs' }).focus();
    act(() => router.navigate('/parts#part-heading'));
    await flush();
    const heading = screen.getByRole('heading', { level: 2, name: 'Act for another profile' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(heading.scrollIntoView).toHaveBeenCalled();
  });

  it('waits for a part the screen renders once its data has come, the h1 holding the focus meanwhile', async () => {
    const page = partPage(true);
    const { router } = await renderShell({ routes: [...routes, page.route] });
    screen.getByRole('link', { name: 'FAQs' }).focus();
    act(() => router.navigate('/parts#part-heading'));
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: 'Parts page' })).toHaveFocus();
    act(() => page.show());
    await flush();
    expect(screen.getByRole('heading', { level: 2, name: 'Act for another profile' })).toHaveFocus();
  });

  it('focuses a field it names as it is, still in the Tab order', async () => {
    const page = partPage(true);
    const { router } = await renderShell({ routes: [...routes, page.route] });
    act(() => router.navigate('/parts#part-field'));
    await flush();
    act(() => page.show());
    await flush();
    const field = screen.getByRole('textbox', { name: 'Reference' });
    expect(field).toHaveFocus();
    expect(field).not.toHaveAttribute('tabindex');
  });

  it("leaves the focus where a screen that shows its own anchor put it (a form's group of fields)", async () => {
    // As the e-service form does: the group itself takes the focus, not the legend inside it.
    const Form = ({ location }: ScreenProps) => {
      useEffect(() => document.getElementById(location.anchor!)?.focus(), [location.anchor]);
      return (
        <>
          <h1>Form page</h1>
          <fieldset id="expenses" tabIndex={-1}>
            <legend tabIndex={-1}>Expenses</legend>
          </fieldset>
        </>
      );
    };
    const { router } = await renderShell({
      routes: [...routes, { path: '/form', title: 'Form', load: async () => ({ default: Form }) }],
    });
    act(() => router.navigate('/form#expenses'));
    await flush();
    expect(screen.getByRole('group', { name: 'Expenses' })).toHaveFocus();
  });

  it('leaves a user who moved on while the part was loading where they are', async () => {
    const page = partPage(true);
    const { router } = await renderShell({ routes: [...routes, page.route] });
    act(() => router.navigate('/parts#part-heading'));
    await flush();
    const search = screen.getByLabelText('Search');
    act(() => search.focus());
    act(() => page.show());
    await flush();
    expect(search).toHaveFocus();
  });

  it('leaves the focus on the h1 when the page has no such part', async () => {
    const page = partPage(true);
    const { router } = await renderShell({ routes: [...routes, page.route] });
    act(() => router.navigate('/parts#nowhere'));
    await flush();
    act(() => page.show());
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: 'Parts page' })).toHaveFocus();
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
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
