import { configure, act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, SITE_SEARCH } from '#contract/index.ts';
import { SITE_MESSAGES } from '#contract/site-pages.ts';
import type { SearchResponse } from '#contract/schemas/index.ts';
import { envelope, fakeApi } from '../../../test/fakeApi.ts';
import { flush, renderShell, simpleRoutes } from '../../components/shell/testkit.tsx';
import type { RouteDef } from '../../lib/router/router.ts';
import { searchElsewhere } from './SearchPage.tsx';

// The screen is a lazily loaded chunk, transformed on first use: give it time on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const routes: RouteDef[] = [
  ...simpleRoutes,
  { path: '/search', title: 'Search results', load: () => import('./SearchPage.tsx') },
];

function results(total: number, page = 1): SearchResponse {
  const count = Math.max(0, Math.min(SITE_SEARCH.PAGE_SIZE, total - (page - 1) * SITE_SEARCH.PAGE_SIZE));
  return {
    query: 'refund',
    page,
    pageSize: SITE_SEARCH.PAGE_SIZE,
    total,
    results: Array.from({ length: count }, (_, i) => ({
      kind: i === 0 ? 'eservice' : 'qa',
      href: i === 0 ? '#/generic?app=PRD' : `#/faqs#q-${page}-${i}`,
      source: i === 0 ? 'E-services' : 'Frequently Asked Questions',
      title: [
        { text: i === 0 ? 'Refund' : `Question ${i}`, match: i === 0 },
        { text: ' of Deposits', match: false },
      ],
      snippet: [
        { text: 'Apply for a ', match: false },
        { text: 'refund', match: true },
        { text: ' of deposits <b>paid</b>', match: false },
      ],
    })),
  };
}

beforeEach(() => {
  window.scrollTo = vi.fn() as typeof window.scrollTo;
});

describe('search results page', () => {
  it('shows ranked results with the query words in <mark>, the count, and result pages', async () => {
    const calls = fakeApi({ '/api/search': () => ({ body: envelope(results(23)) }) });
    await renderShell({ routes, hash: '#/search?q=refund&resultswithin=minlaw' });
    expect(await screen.findByText('1–10 of 23 results for “refund”.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.startsWith('/api/search'))?.path).toBe('/api/search?q=refund&page=1');
    expect(screen.getByRole('heading', { level: 1, name: 'Search results' })).toBeInTheDocument();
    const first = screen.getByRole('link', { name: 'Refund of Deposits' });
    expect(first).toHaveAttribute('href', '#/generic?app=PRD');
    expect(first.querySelector('mark')).toHaveTextContent('Refund');
    // Text from the server is text: the <b> stays characters, never markup.
    const snippet = screen.getAllByText(
      (_, el) => el?.tagName === 'P' && el.textContent === 'Apply for a refund of deposits <b>paid</b>',
    )[0]!;
    expect(snippet.querySelector('b')).toBeNull();
    expect(snippet.querySelector('mark')).toHaveTextContent('refund');
    expect(screen.getAllByText('E-service · E-services')).toHaveLength(1);
    const pages = screen.getByRole('navigation', { name: 'Result pages' });
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'href',
      '#/search?q=refund&resultswithin=minlaw&page=3',
    );
    expect(within(pages).getByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      '#/search?q=refund&resultswithin=minlaw&page=2',
    );
    expect(within(pages).queryByRole('link', { name: 'Previous page' })).not.toBeInTheDocument();
  });

  it('asks the server for the page in the address', async () => {
    const calls = fakeApi({
      '/api/search': (call) => ({
        body: envelope(results(23, Number(new URL(call.path, 'http://x').searchParams.get('page')))),
      }),
    });
    await renderShell({ routes, hash: '#/search?q=refund&resultswithin=minlaw&page=3' });
    expect(await screen.findByText('21–23 of 23 results for “refund”.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/search?q=refund&page=3')).toBe(true);
    expect(
      within(screen.getByRole('navigation', { name: 'Result pages' })).queryByRole('link', { name: 'Next page' }),
    ).toBeNull();
  });

  it('shows the last page, counted and linked from there, when the server answers it for one past the end', async () => {
    // 23 results are 3 pages: asked for page 5 (an old link), the server answers page 3.
    fakeApi({ '/api/search': () => ({ body: envelope(results(23, 3)) }) });
    await renderShell({ routes, hash: '#/search?q=refund&resultswithin=minlaw&page=5' });
    expect(await screen.findByText('21–23 of 23 results for “refund”.')).toBeInTheDocument();
    expect(document.querySelector('ol.search-results')).toHaveAttribute('start', '21');
    const pages = screen.getByRole('navigation', { name: 'Result pages' });
    expect(within(pages).getByRole('link', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toBeInTheDocument();
    expect(within(pages).getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '#/search?q=refund&resultswithin=minlaw&page=2',
    );
    expect(within(pages).queryByRole('link', { name: 'Next page' })).toBeNull();
    // The address names the page shown, in place of the one asked for (not a second history entry).
    const entries = window.history.length;
    await vi.waitFor(() => expect(window.location.hash).toBe('#/search?q=refund&resultswithin=minlaw&page=3'));
    expect(window.history.length).toBe(entries);
    expect(await screen.findByText('21–23 of 23 results for “refund”.')).toBeInTheDocument();
  });

  it('has a clear empty state without a query, and asks nothing', async () => {
    const calls = fakeApi({});
    await renderShell({ routes, hash: '#/search?resultswithin=minlaw' });
    expect(await screen.findByText(SITE_MESSAGES.searchPrompt)).toHaveAttribute('role', 'status');
    await flush();
    expect(calls.some((c) => c.path.startsWith('/api/search'))).toBe(false);
  });

  it('searches for the words a pasted query shows, and asks nothing for one of invisible characters only', async () => {
    const calls = fakeApi({ '/api/search': () => ({ body: envelope(results(0)) }) });
    await renderShell({ routes, hash: '#/search?q=refund%C2%A0%E2%80%8Bdeposit&resultswithin=minlaw' });
    expect(await screen.findByText('No results for “refund deposit”.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.startsWith('/api/search'))?.path).toBe('/api/search?q=refund+deposit&page=1');

    const none = fakeApi({});
    await renderShell({ routes, hash: '#/search?q=%E2%80%8B%C2%A0&resultswithin=minlaw' });
    expect(await screen.findByText(SITE_MESSAGES.searchPrompt)).toHaveAttribute('role', 'status');
    await flush();
    expect(none.some((c) => c.path.startsWith('/api/search'))).toBe(false);
  });

  it('says so when nothing matches', async () => {
    fakeApi({ '/api/search': () => ({ body: envelope(results(0)) }) });
    await renderShell({ routes, hash: '#/search?q=xylophone&resultswithin=minlaw' });
    expect(await screen.findByText('No results for “xylophone”.')).toBeInTheDocument();
    expect(screen.getByText(SITE_MESSAGES.searchNoResults)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Result pages' })).not.toBeInTheDocument();
  });

  it('shows the search-failed message when the server cannot answer', async () => {
    fakeApi({ '/api/search': () => ({ status: 500, body: envelope(null, '500', 'Sorry') }) });
    await renderShell({ routes, hash: '#/search?q=refund' });
    expect(await screen.findByText(MESSAGES.searchFailed)).toBeInTheDocument();
  });

  it('searches again from its own form without leaving the app', async () => {
    fakeApi({ '/api/search': () => ({ body: envelope(results(1)) }) });
    const { router } = await renderShell({ routes, hash: '#/search?q=refund' });
    await screen.findByText('1 result for “refund”.');
    const navigate = vi.spyOn(router, 'navigate');
    const form = within(screen.getByRole('main')).getByRole('search');
    fireEvent.change(within(form).getByLabelText('Search this website'), { target: { value: 'travel' } });
    act(() => void fireEvent.submit(form));
    expect(navigate).toHaveBeenCalledWith('#/search?q=travel&resultswithin=minlaw');
  });

  it("sends an all-of-government search's address on to the server, which knows where that search is", async () => {
    const calls = fakeApi({ '/api/search': () => ({ body: envelope(results(3)) }) });
    const go = vi.spyOn(searchElsewhere, 'go').mockImplementation(() => {});
    await renderShell({ routes, hash: '#/search?q=court%20%26%20fees&resultswithin=gov' });
    await waitFor(() => expect(go).toHaveBeenCalledWith('/search?q=court+%26+fees&resultswithin=gov'));
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Loading…');
    await flush();
    // Not this website's results under an address that asked for another search.
    expect(calls.some((c) => c.path.startsWith('/api/search'))).toBe(false);
    expect(screen.queryByText(/results? for/)).not.toBeInTheDocument();
  });

  it("searches this website for a scope it does not know, as the server's redirect does", async () => {
    fakeApi({ '/api/search': () => ({ body: envelope(results(1)) }) });
    const go = vi.spyOn(searchElsewhere, 'go').mockImplementation(() => {});
    await renderShell({ routes, hash: '#/search?q=refund&resultswithin=elsewhere' });
    expect(await screen.findByText('1 result for “refund”.')).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });
});
