import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SITE_MESSAGES } from '#contract/site-pages.ts';
import type { ContentPage } from '#contract/schemas/index.ts';
import { envelope, fakeApi } from '../../../test/fakeApi.ts';
import { renderShell, simpleRoutes } from '../../components/shell/testkit.tsx';
import type { RouteDef } from '../../lib/router/router.ts';

// The screen is a lazily loaded chunk, transformed on first use: give it time on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const content = () => import('./screens.tsx');
const routes: RouteDef[] = [
  ...simpleRoutes,
  { path: '/faqs', title: 'FAQs', load: () => content().then((m) => ({ default: m.FaqsScreen })) },
  {
    path: '/useful-links',
    title: 'Useful Links',
    load: () => content().then((m) => ({ default: m.UsefulLinksScreen })),
  },
];

const FAQS: ContentPage = {
  slug: 'faqs',
  title: 'Frequently Asked Questions',
  summary: 'Answers to common questions.',
  updatedOn: '2026-11-02',
  items: [
    {
      anchor: 'how-to-log-in',
      kind: 'qa',
      heading: 'How do I log in?',
      body: 'Select Log in.\n\nThen enter your password.',
      url: null,
    },
    { anchor: 'forgot-password', kind: 'qa', heading: 'I forgot my password.', body: 'Call <b>us</b>.', url: null },
  ],
};

beforeEach(() => {
  window.scrollTo = vi.fn() as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
});

describe('content pages', () => {
  it('render the page from GET /api/content/:slug: questions, answers in paragraphs, review date', async () => {
    const calls = fakeApi({ '/api/content/faqs': () => ({ body: envelope(FAQS) }) });
    await renderShell({ routes, hash: '#/faqs' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/content/faqs')).toBe(true);
    expect(screen.getByRole('heading', { level: 2, name: 'How do I log in?' })).toBeInTheDocument();
    expect(screen.getByText('Select Log in.').tagName).toBe('P');
    expect(screen.getByText('Then enter your password.').tagName).toBe('P');
    expect(screen.getByText('Call <b>us</b>.')).toBeInTheDocument();
    const questions = screen.getByRole('navigation', { name: 'Questions' });
    expect(within(questions).getByRole('link', { name: 'I forgot my password.' })).toHaveAttribute(
      'href',
      '#/faqs#forgot-password',
    );
    expect(screen.getByText('2 Nov 2026')).toHaveAttribute('datetime', '2026-11-02');
  });

  it('go to the item an anchor names, focusing its heading', async () => {
    fakeApi({ '/api/content/faqs': () => ({ body: envelope(FAQS) }) });
    await renderShell({ routes, hash: '#/faqs#forgot-password' });
    const heading = await screen.findByRole('heading', { level: 2, name: 'I forgot my password.' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('mark useful links as leading to outside websites', async () => {
    fakeApi({
      '/api/content/useful-links': () => ({
        body: envelope({
          ...FAQS,
          slug: 'useful-links',
          title: 'Useful Links',
          items: [
            {
              anchor: 'singpass',
              kind: 'link',
              heading: 'Singpass',
              body: 'National digital identity.',
              url: 'https://www.singpass.gov.sg/',
            },
          ],
        }),
      }),
    });
    await renderShell({ routes, hash: '#/useful-links' });
    const link = await screen.findByRole('link', { name: 'Singpass (opens an outside website)' });
    expect(link).toHaveAttribute('href', 'https://www.singpass.gov.sg/');
    expect(link).not.toHaveAttribute('target');
  });

  it('say so when the page cannot be loaded', async () => {
    fakeApi({ '/api/content/faqs': () => ({ status: 503, body: envelope(null, '503', 'down') }) });
    await renderShell({ routes, hash: '#/faqs' });
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(
      SITE_MESSAGES.contentUnavailable,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'FAQs' })).toBeInTheDocument();
  });
});
