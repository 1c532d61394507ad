import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, SEARCH_SCOPES } from '#contract/index.ts';
import { envelope, fakeApi } from '../../../test/fakeApi.ts';
import { renderShell, TEST_CONFIG } from './testkit.tsx';

beforeEach(() => {
  window.scrollTo = vi.fn() as typeof window.scrollTo;
});
afterEach(() => vi.useRealTimers());

describe('header', () => {
  it('has the logo, the help links and the search form with both scopes', async () => {
    await renderShell();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: /PTIB e-Services home/ })).toHaveAttribute('href', '#/home');
    const help = within(header).getByRole('navigation', { name: 'Help' });
    expect(
      within(help)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['FAQs', '#/faqs'],
      ['Ask Us / Contact Us', '#/contact-us'],
      ['Useful Links', '#/useful-links'],
    ]);
    const form = within(header).getByRole('search');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/search');
    expect(within(form).getByLabelText('Search')).toHaveAttribute('name', 'q');
    const scope = within(form).getByLabelText<HTMLSelectElement>('Search scope');
    expect(scope.name).toBe('resultswithin');
    expect([...scope.options].map((o) => [o.value, o.text])).toEqual(SEARCH_SCOPES.map((s) => [s.value, s.label]));
    expect(scope.value).toBe('minlaw');
  });

  it('sends a search of this website straight to the results route', async () => {
    const { router } = await renderShell();
    const navigate = vi.spyOn(router, 'navigate');
    const form = screen.getByRole('search');
    fireEvent.change(within(form).getByLabelText('Search'), { target: { value: '  refund deposit ' } });
    const submitted = fireEvent.submit(form);
    expect(submitted).toBe(false); // default prevented: no page load
    expect(navigate).toHaveBeenCalledWith('#/search?q=refund+deposit&resultswithin=minlaw');
  });

  it('lets an all-of-government search go to the server as a plain form', async () => {
    const { router } = await renderShell();
    const navigate = vi.spyOn(router, 'navigate');
    const form = screen.getByRole('search');
    fireEvent.change(within(form).getByLabelText('Search'), { target: { value: 'court fees' } });
    fireEvent.change(within(form).getByLabelText('Search scope'), { target: { value: 'gov' } });
    // jsdom cannot submit a form for real; the app's handler must not have prevented it.
    const notPrevented = fireEvent.submit(form);
    expect(notPrevented).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('gives the header a place for actions (Log out) and the menu a place for groups', async () => {
    await renderShell({
      props: {
        headerActions: <button type="button">Log out</button>,
        menu: (
          <li>
            <a href="#/esvc">My e-services</a>
          </li>
        ),
      },
    });
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    // The menu is closed until asked for (docs/decisions/0033).
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('link', { name: 'My e-services' })).toBeInTheDocument();
  });

  it('points a link at its configured outside address, marked as external, opening normally', async () => {
    await renderShell({
      config: {
        ...TEST_CONFIG,
        links: {
          ...TEST_CONFIG.links,
          faqs: 'https://www.example.gov.sg/faqs',
          rate: 'https://feedback.example.gov.sg/',
        },
      },
    });
    const faqs = screen.getByRole('link', { name: 'FAQs (opens an outside website)' });
    expect(faqs).toHaveAttribute('href', 'https://www.example.gov.sg/faqs');
    expect(faqs).not.toHaveAttribute('target');
    expect(screen.getByRole('link', { name: 'Rate This E-Service (opens an outside website)' })).toHaveAttribute(
      'href',
      'https://feedback.example.gov.sg/',
    );
    expect(screen.getByRole('link', { name: 'Useful Links' })).toHaveAttribute('href', '#/useful-links');
  });

  it('loads the links and the phone number from GET /api/config', async () => {
    const calls = fakeApi({
      '/api/config': () => ({
        body: envelope({
          ...TEST_CONFIG,
          contactPhone: '6123 4567',
          links: { ...TEST_CONFIG.links, termsOfUse: 'https://t.example.sg/' },
        }),
      }),
    });
    await renderShell({ config: null });
    expect(await screen.findByRole('link', { name: '6123 4567' })).toHaveAttribute('href', 'tel:61234567');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/config']);
    expect(screen.getByRole('link', { name: 'Terms of Use (opens an outside website)' })).toBeInTheDocument();
  });
});

describe('footer', () => {
  it('has the five links, the contact block and the warning banner', async () => {
    await renderShell();
    const footer = screen.getByRole('contentinfo');
    expect(
      within(within(footer).getByRole('navigation', { name: 'Footer' }))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Report Vulnerability',
      'Privacy Statement',
      'Terms & Conditions',
      'Terms of Use',
      'Rate This E-Service',
    ]);
    const contact = within(footer).getByRole('region', { name: 'Need help?' });
    expect(within(contact).getByRole('link', { name: '1800-555-0100' })).toBeInTheDocument();
    expect(contact).toHaveTextContent('Monday to Friday');
    expect(within(contact).getByRole('link', { name: 'Send us an online enquiry' })).toHaveAttribute(
      'href',
      '#/contact-us',
    );
    expect(contact).toHaveTextContent(MESSAGES.contactAirtime);
    expect(screen.getByText(MESSAGES.warningBanner)).toBeInTheDocument();
  });

  it('has a copyright line with the current year, a d MMM yyyy date and the version label', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2031, 0, 5, 10, 0));
    await renderShell();
    const line = screen.getByText(/Government of Singapore/);
    expect(line).toHaveTextContent('© 2031 Government of Singapore.');
    // The build date (vitest defines __BUILD_DATE__ as 2026-11-21).
    expect(within(line).getByText('21 Nov 2026')).toHaveAttribute('datetime', '2026-11-21');
    expect(line).toHaveTextContent('Version 0.0.0+test');
  });
});

describe('skip link', () => {
  it('is the first thing to tab to, and moves focus to the main content without changing the route', async () => {
    await renderShell({ hash: '#/other' });
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.body.querySelector('a, button, input, select')).toBe(skip);
    fireEvent.click(skip);
    expect(document.querySelector('main')).toHaveFocus();
    expect(window.location.hash).toBe('#/other');
  });
});
