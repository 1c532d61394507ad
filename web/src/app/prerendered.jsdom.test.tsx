import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS, MESSAGES, MOBILE_BREAKPOINT_PX } from '#contract/index.ts';
import { envelope, fakeApi, type FakeCall, type FakeRoutes } from '../../test/fakeApi.ts';
import { SITE_MENU_ID, SiteMenu } from '../components/shell/SiteMenu.tsx';
import { setWindowWidth } from '../components/shell/testkit.tsx';
import { LoginForm } from '../features/auth/LoginForm.tsx';
import { callsInFlight } from '../lib/http/index.ts';
import { replacePrerendered } from './prerendered.ts';

// The sign-in's first encrypted call waits for the fake server's RSA key pair, and the calls load their
// code on first use: give them time on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const page = (
  <>
    <a href="#main-content">Skip to main content</a>
    <header>
      <a href="#/faqs">FAQs</a>
    </header>
    <main>
      <h1>Welcome</h1>
    </main>
  </>
);

describe('taking over the prerendered page', () => {
  it('keeps focus on the element a keyboard user had reached, even one without an id', async () => {
    document.body.innerHTML =
      '<div id="root" data-prerendered="home"><a href="#main-content">Skip to main content</a>' +
      '<header><a href="#/faqs">FAQs</a></header><main><h1>Welcome</h1></main></div>';
    const container = document.getElementById('root')!;
    container.querySelectorAll('a')[1]!.focus();

    replacePrerendered(container, page);

    await waitFor(() => expect(document.getElementById('root')).not.toHaveAttribute('data-prerendered'));
    await waitFor(() => {
      const active = document.activeElement;
      expect(active?.tagName).toBe('A');
      expect(active?.textContent).toBe('FAQs');
      expect(document.getElementById('root')!.contains(active)).toBe(true);
    });
  });
});

describe('taking over the prerendered login screen', () => {
  let routes: FakeRoutes;
  let calls: FakeCall[];
  beforeEach(() => {
    routes = { [API_PATHS.loginNonce]: () => ({ body: envelope({ authenticityToken: 'nonce-1' }) }) };
    calls = fakeApi(routes);
  });
  // No call of a test runs on into the next one's fake server (the nonce asked for while typing, say).
  afterEach(() => waitFor(() => expect(callsInFlight().count).toBe(0)));
  const callsTo = (path: string) => calls.filter((c) => c.path === path);

  /** The login screen as the build prerenders it (the route gate put it in the main), its submit disabled. */
  function prerenderedLogin(): HTMLElement {
    document.body.innerHTML =
      '<div id="root" data-prerendered="login"><a href="#main-content">Skip to main content</a>' +
      `<main id="main-content">${renderToString(<LoginForm onToken={() => undefined} />)}</main></div>`;
    const container = document.getElementById('root')!;
    container.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled = true;
    return container;
  }
  const app = (onToken: (token: string, rememberMe: boolean) => void) => (
    <>
      <a href="#main-content">Skip to main content</a>
      <main id="main-content">
        <LoginForm onToken={onToken} />
      </main>
    </>
  );

  it('keeps what was typed and ticked, and the focus, and the app’s form sends them', async () => {
    // The login answer: a body holding JSON, not the envelope.
    routes[`POST ${API_PATHS.authenticate}`] = () => ({ body: { token: 'token-1' } });
    const container = prerenderedLogin();
    const user = userEvent.setup();
    const before = within(container);
    // The app's ids (React's useId) differ from the build's: the fields are matched by name.
    const oldName = before.getByLabelText('Login name');
    expect(oldName.id).not.toBe('');
    await user.type(oldName, 'ptib.demo');
    await user.click(before.getByLabelText(/Remember me/));
    const oldPassword = before.getByLabelText('Password');
    await user.type(oldPassword, 'Demo!23');
    // Sending the prerendered form does nothing: its button is disabled until the app is there.
    expect(before.getByRole('button', { name: 'Log in' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(callsTo(API_PATHS.authenticate)).toEqual([]);

    const onToken = vi.fn();
    replacePrerendered(container, app(onToken));
    await waitFor(() => expect(document.getElementById('root')).not.toHaveAttribute('data-prerendered'));

    const password = screen.getByLabelText('Password');
    expect(password).not.toBe(oldPassword);
    expect(screen.getByLabelText('Login name')).toHaveValue('ptib.demo');
    expect(screen.getByLabelText(/Remember me/)).toBeChecked();
    expect(password).toHaveValue('Demo!23');
    expect(password).toHaveFocus();
    // The visitor goes on typing where they were, and sends the form with the app's button.
    await user.keyboard('45');
    expect(password).toHaveValue('Demo!2345');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('token-1', true, undefined));
    // One sign-in only: the app's, with what was typed before and after it took over.
    expect(callsTo(API_PATHS.authenticate).map((c) => c.body)).toEqual([
      expect.objectContaining({ loginName: 'ptib.demo', password: 'Demo!2345', rememberMe: true }),
    ]);
  });

  it('an untouched form stays untouched: empty fields are still named in the summary', async () => {
    const container = prerenderedLogin();
    replacePrerendered(
      container,
      app(() => undefined),
    );
    await waitFor(() => expect(document.getElementById('root')).not.toHaveAttribute('data-prerendered'));
    expect(screen.getByLabelText('Login name')).toHaveValue('');
    expect(screen.getByLabelText(/Remember me/)).not.toBeChecked();
    expect(document.body).toHaveFocus();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.validationSummary);
  });
});

describe('taking over a choice', () => {
  function Theme({ initial, onChoose }: { initial: string; onChoose: (choice: string) => void }) {
    const [choice, setChoice] = useState(initial);
    return (
      <select
        aria-label="Theme"
        value={choice}
        onChange={(e) => {
          onChoose(e.target.value);
          setChoice(e.target.value);
        }}
      >
        {['system', 'light', 'dark'].map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  }
  /** The build renders the default; the app starts from what the visitor stored. */
  function prerendered(): HTMLElement {
    document.body.innerHTML = `<div id="root" data-prerendered="home"><main>${renderToString(
      <Theme initial="system" onChoose={() => undefined} />,
    )}</main></div>`;
    return document.getElementById('root')!;
  }

  it('leaves a field the visitor did not touch as the app starts it', async () => {
    const onChoose = vi.fn();
    replacePrerendered(
      prerendered(),
      <main>
        <Theme initial="dark" onChoose={onChoose} />
      </main>,
    );
    await waitFor(() => expect(document.getElementById('root')).not.toHaveAttribute('data-prerendered'));
    expect(screen.getByLabelText('Theme')).toHaveValue('dark');
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('carries over a choice the visitor made, as a change the app handles', async () => {
    const container = prerendered();
    await userEvent.setup().selectOptions(within(container).getByLabelText('Theme'), 'light');
    const onChoose = vi.fn();
    replacePrerendered(
      container,
      <main>
        <Theme initial="dark" onChoose={onChoose} />
      </main>,
    );
    await waitFor(() => expect(document.getElementById('root')).not.toHaveAttribute('data-prerendered'));
    expect(screen.getByLabelText('Theme')).toHaveValue('light');
    expect(onChoose).toHaveBeenCalledWith('light');
  });
});

describe('taking over the prerendered menu', () => {
  afterEach(() => setWindowWidth(1024, false));

  /** The menu as the build renders it (collapsed, as on a phone), its toggle tapped `taps` times through the route gate. */
  function prerenderedMenu(taps: number): HTMLElement {
    setWindowWidth(MOBILE_BREAKPOINT_PX - 1, false);
    document.body.innerHTML = `<div id="root" data-prerendered="home">${renderToString(<SiteMenu />)}</div>`;
    const container = document.getElementById('root')!;
    const button = within(container).getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // What the route gate does on a tap (scripts/prerender.ts, tested in scripts/prerender.unit.test.ts).
    for (let i = 0; i < taps; i += 1) {
      const open = button.getAttribute('aria-expanded') !== 'true';
      button.setAttribute('aria-expanded', String(open));
      container.querySelector<HTMLElement>(`#${SITE_MENU_ID}`)!.hidden = !open;
    }
    button.focus();
    return container;
  }
  const liveButton = () => screen.getByRole('button', { name: 'Menu' });

  it('keeps open the menu a visitor opened on a phone before the app arrived, with the focus on its button', async () => {
    const container = prerenderedMenu(1);
    replacePrerendered(container, <SiteMenu />);
    await waitFor(() => expect(document.getElementById('root')).not.toHaveAttribute('data-prerendered'));
    expect(container.isConnected).toBe(false);
    await waitFor(() => expect(liveButton()).toHaveAttribute('aria-expanded', 'true'));
    expect(document.getElementById(SITE_MENU_ID)).toBeVisible();
    expect(liveButton()).toHaveFocus();
    // The app's own toggle works on from there.
    await userEvent.setup().click(liveButton());
    expect(liveButton()).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(SITE_MENU_ID)).not.toBeVisible();
  });

  it('leaves the app’s menu as the app starts it when the visitor did not open the prerendered one', async () => {
    // Opened and closed again: nothing to carry over; collapsed on a phone.
    replacePrerendered(prerenderedMenu(2), <SiteMenu />);
    await waitFor(() => expect(document.getElementById('root')).not.toHaveAttribute('data-prerendered'));
    expect(liveButton()).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(SITE_MENU_ID)).not.toBeVisible();
    // On a wide screen too the app's menu starts closed until asked for (docs/decisions/0033).
    const container = prerenderedMenu(0);
    setWindowWidth(MOBILE_BREAKPOINT_PX, false);
    replacePrerendered(container, <SiteMenu />);
    await waitFor(() => expect(document.getElementById('root')).not.toHaveAttribute('data-prerendered'));
    expect(liveButton()).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(SITE_MENU_ID)).not.toBeVisible();
  });
});
