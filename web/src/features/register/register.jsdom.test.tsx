import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ROUTES } from '#contract/index.ts';
import { MESSAGES } from '#contract/catalogue.ts';
import { REGISTER_MESSAGES, REGISTER_PATHS, type RegisterResult } from '#contract/register.ts';
import { envelope, fakeApi, unreachable } from '../../../test/fakeApi.ts';
import { renderShell, simpleRoutes } from '../../components/shell/testkit.tsx';
import { formatDateTime } from '../../components/shell/formatMoment.ts';
import type { RouteDef } from '../../lib/router/router.ts';
import { identity } from '../../lib/session/index.ts';
import type { UserIdentity } from '#contract/schemas/auth.ts';

// The screens are lazily loaded chunks, transformed on first use: give them time on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const routes: RouteDef[] = [
  ...simpleRoutes,
  { path: ROUTES.register, title: 'Register', load: () => import('./RegisterScreen.tsx') },
  { path: ROUTES.watchlist, title: 'Watchlist', load: () => import('./WatchlistScreen.tsx') },
];

const CASE = 'BS 004321 2023';
const ENTRY: RegisterResult = {
  caseNumber: CASE,
  partyKind: 'individual',
  idNumber: 'S7654321F',
  name: 'ONG BENG HUAT',
  aliases: [],
  proceeding: 'bankruptcy',
  proceedingLabel: 'Bankruptcy',
  status: 'bankrupt',
  statusLabel: 'Bankrupt',
  filedOn: '2023-03-14',
  statusOn: '2023-05-02',
  administrator: 'Official Assignee',
};

/** A case on the watchlist, followed before the tests' dates and unchanged since. */
const watched = (caseNumber: string) => ({
  ...ENTRY,
  caseNumber,
  followedAt: '2026-01-01T00:00:00.000Z',
  changed: false,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** A search by name that found nothing, as the server answers it. */
const noMatches = (reference: string, query: string) => ({
  reference,
  searchedAt: '2026-01-01T00:00:00.000Z',
  service: 'PIS',
  by: 'name',
  query,
  total: 0,
  closestOnly: false,
  page: 1,
  pageSize: 10,
  results: [],
});

beforeEach(() => {
  window.scrollTo = vi.fn() as typeof window.scrollTo;
  document.cookie = 'XSRF-TOKEN=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
});

describe('dates', () => {
  it('are written as everywhere in the portal: the entry, the search time and the watchlist', async () => {
    // September: the locale's own formats write 'Sept', the portal 'Sep' (formatDate.ts).
    const searchedAt = '2026-09-15T04:05:00.000Z';
    fakeApi({
      [REGISTER_PATHS.entry]: () => ({
        body: envelope({ reference: 'RS-1', searchedAt, service: 'PIS', entry: ENTRY, following: false }),
      }),
      [REGISTER_PATHS.watchlist]: () => ({
        body: envelope({
          cases: [{ ...ENTRY, statusOn: '2024-09-03', followedAt: searchedAt, changed: false, updatedAt: searchedAt }],
        }),
      }),
    });
    await renderShell({ routes, hash: `#/register?app=PIS&ref=RS-1&case=${encodeURIComponent(CASE)}` });
    const filed = await screen.findByText('Filed on');
    expect(filed.nextElementSibling).toHaveTextContent(/^14 Mar 2023$/);
    expect(screen.getByText('Status since').nextElementSibling).toHaveTextContent(/^2 May 2023$/);
    const search = screen.getAllByText('Search').find((e) => e.tagName === 'DT')!;
    expect(search.nextElementSibling).toHaveTextContent(`${formatDateTime(searchedAt)}, reference RS-1`);
    expect(document.body.textContent).not.toContain('Sept');

    window.location.hash = '#/watchlist?app=ICAWL';
    expect(await screen.findByRole('cell', { name: '3 Sep 2024' })).toBeInTheDocument();
  }, 30_000);
});

describe('the search form', () => {
  it('links each problem to its field, as the e-service forms do', async () => {
    const calls = fakeApi({});
    await renderShell({ routes, hash: '#/register?app=PIS' });
    fireEvent.click(await screen.findByRole('button', { name: 'Search the register' }));
    const summary = await within(screen.getByRole('main')).findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('heading', { name: 'Please correct the validation errors.' })).toBeInTheDocument();
    fireEvent.click(within(summary).getByRole('link', { name: REGISTER_MESSAGES.queryRequired }));
    expect(screen.getByLabelText('Name to search for')).toHaveFocus();
    fireEvent.click(within(summary).getByRole('link', { name: REGISTER_MESSAGES.purposeRequired }));
    expect(
      screen.getAllByRole('radio', { checked: false }).find((r) => r.getAttribute('name') === 'purpose'),
    ).toHaveFocus();
    expect(calls.some((c) => c.path === REGISTER_PATHS.search)).toBe(false);
  }, 30_000);

  it('shows a search refused for too many searches as a notice, not as a validation error, keeping the form', async () => {
    fakeApi({
      [`POST ${REGISTER_PATHS.search}`]: () => ({
        status: 429,
        body: envelope(null, '429', REGISTER_MESSAGES.throttled(7)),
      }),
    });
    await renderShell({ routes, hash: '#/register?app=PIS' });
    fireEvent.change(await screen.findByLabelText('Name to search for'), { target: { value: 'ong beng huat' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Credit assessment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search the register' }));
    const notice = (await screen.findByText(REGISTER_MESSAGES.throttled(7))).closest('[role="alert"]') as HTMLElement;
    await waitFor(() => expect(notice).toHaveFocus());
    expect(screen.queryByText('Please correct the validation errors.')).toBeNull();
    expect(screen.getByLabelText('Name to search for')).toHaveValue('ong beng huat');
    expect(screen.getByRole('radio', { name: 'Credit assessment' })).toBeChecked();
  }, 30_000);

  it('names the service in the tab as its heading does', async () => {
    fakeApi({});
    await renderShell({ routes, hash: '#/register?app=BIS' });
    await screen.findByRole('heading', { level: 1, name: 'Bankruptcy Information Search' });
    await waitFor(() => expect(document.title).toBe('Bankruptcy Information Search | PTIB e-Services'));
  }, 30_000);
});

describe('a page of results', () => {
  it('is asked for as a whole page number within the results, whatever the address says', async () => {
    const calls = fakeApi({
      [REGISTER_PATHS.searchPage.replace(':reference', 'RS-3')]: () => ({
        body: envelope({
          reference: 'RS-3',
          searchedAt: '2026-01-01T00:00:00.000Z',
          service: 'PIS',
          by: 'name',
          query: 'ONG',
          total: 1,
          closestOnly: false,
          page: 1,
          pageSize: 10,
          results: [ENTRY],
        }),
      }),
    });
    await renderShell({ routes, hash: '#/register?app=PIS&ref=RS-3&page=1.5' });
    expect(await screen.findByRole('link', { name: ENTRY.name })).toBeInTheDocument();
    window.location.hash = '#/register?app=PIS&ref=RS-3&page=99999';
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    expect(await screen.findByRole('link', { name: ENTRY.name })).toBeInTheDocument();
    const asked = calls.filter((c) => c.path.startsWith(REGISTER_PATHS.searchPage.replace(':reference', 'RS-3')));
    expect(asked.map((c) => new URL(c.path, 'http://x').searchParams.get('page'))).toEqual(['1', '10']);
  }, 30_000);
});

describe('the results’ status', () => {
  it('is the one element that said they were loading, so its count is read out when it comes', async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    fakeApi({
      [REGISTER_PATHS.searchPage.replace(':reference', 'RS-5')]: async () => {
        await held;
        return {
          body: envelope({ ...noMatches('RS-5', 'golden lion'), service: 'BIS', total: 1, results: [ENTRY] }),
        };
      },
    });
    await renderShell({ routes, hash: '#/register?app=BIS&ref=RS-5' });
    const status = await within(screen.getByRole('main')).findByRole('status');
    expect(status).toHaveTextContent('Loading the results…');
    answer();
    await waitFor(() => expect(status).toHaveTextContent(/^1 entry matches “golden lion”\./));
    expect(status).toBeInTheDocument();
  }, 30_000);
});

describe('a search that found nothing', () => {
  it('says what was searched for, and by what, and what to try', async () => {
    fakeApi({
      [REGISTER_PATHS.searchPage.replace(':reference', 'RS-6')]: () => ({
        body: envelope(noMatches('RS-6', "O'Brien")),
      }),
      [REGISTER_PATHS.searchPage.replace(':reference', 'RS-7')]: () => ({
        body: envelope({ ...noMatches('RS-7', '53312345C'), service: 'BIS', by: 'id' }),
      }),
    });
    await renderShell({ routes, hash: '#/register?app=PIS&ref=RS-6' });
    const status = await within(screen.getByRole('main')).findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(REGISTER_MESSAGES.noResults('PIS', 'name', "O'Brien")));
    expect(status).toHaveTextContent(/the name “O'Brien”\. Check the spelling, or search by NRIC or FIN\./);
    expect(status).toHaveTextContent('reference RS-6.');

    window.location.hash = '#/register?app=BIS&ref=RS-7';
    await waitFor(() =>
      expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent(
        /the NRIC, FIN or UEN “53312345C”\. Check the number, or search by name\./,
      ),
    );
  }, 30_000);
});

describe('the watchlist without an answer', () => {
  it('says what could not be done, not that a search failed', async () => {
    fakeApi({
      [REGISTER_PATHS.watchlist]: () => ({ status: 503, body: 'down' }),
      [`POST ${REGISTER_PATHS.watchlist}`]: () => ({ status: 503, body: 'down' }),
    });
    await renderShell({ routes, hash: '#/watchlist?app=ICAWL' });
    expect(await screen.findByText(REGISTER_MESSAGES.watchlistFailed)).toBeInTheDocument();
    const input = screen.getByLabelText('Case number to follow');
    fireEvent.change(input, { target: { value: CASE } });
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByText(REGISTER_MESSAGES.followFailed)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.searchFailed)).toBeNull();
  }, 30_000);
});

describe('results of a common name', () => {
  it('say the closest are shown when the register holds more matches than the search kept', async () => {
    fakeApi({
      [REGISTER_PATHS.searchPage.replace(':reference', 'RS-4')]: () => ({
        body: envelope({
          reference: 'RS-4',
          searchedAt: '2026-01-01T00:00:00.000Z',
          service: 'PIS',
          by: 'name',
          query: 'ong',
          total: 20,
          closestOnly: true,
          page: 1,
          pageSize: 10,
          results: [ENTRY],
        }),
      }),
    });
    await renderShell({ routes, hash: '#/register?app=PIS&ref=RS-4' });
    expect(
      await screen.findByText(
        /^20 entries match “ong” \(the closest shown; give more of the name to narrow the search\)\./,
      ),
    ).toBeInTheDocument();
  }, 30_000);
});

describe('a name with accents', () => {
  it('is searched as the register folds it, not refused as too short', async () => {
    // Lê Lý has four letters once folded as the server folds names (LE LY): two without the accents.
    const calls = fakeApi({
      [`POST ${REGISTER_PATHS.search}`]: () => ({ body: envelope(noMatches('RS-2', 'Lê Lý')) }),
    });
    await renderShell({ routes, hash: '#/register?app=PIS' });
    fireEvent.change(await screen.findByLabelText('Name to search for'), { target: { value: 'Lê Lý' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Credit assessment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search the register' }));
    await waitFor(() => expect(calls.some((c) => c.path === REGISTER_PATHS.search)).toBe(true));
    expect(screen.queryByText(REGISTER_MESSAGES.nameTooShort)).toBeNull();
  }, 30_000);
});

describe('a search whose answer was lost', () => {
  it('is sent again with the key of its first attempt', async () => {
    let lost = true;
    const calls = fakeApi({
      [`POST ${REGISTER_PATHS.search}`]: (call) => {
        if (lost) {
          lost = false;
          return unreachable(call);
        }
        return { body: envelope(noMatches('RS-3', 'ong beng huat')) };
      },
    });
    await renderShell({ routes, hash: '#/register?app=PIS' });
    fireEvent.change(await screen.findByLabelText('Name to search for'), { target: { value: 'ong beng huat' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Credit assessment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search the register' }));
    await screen.findAllByText(MESSAGES.searchFailed);
    fireEvent.click(screen.getByRole('button', { name: 'Search the register' }));
    await waitFor(() => expect(calls.filter((c) => c.path === REGISTER_PATHS.search)).toHaveLength(2));
    const keys = calls
      .filter((c) => c.path === REGISTER_PATHS.search)
      .map((c) => (c.body as { attemptKey?: string }).attemptKey);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  }, 30_000);
});

describe('following a case', () => {
  it('from its entry, keeps the focus on the link that replaces Follow this case', async () => {
    const calls = fakeApi({
      [REGISTER_PATHS.entry]: () => ({
        body: envelope({
          reference: 'RS-1',
          searchedAt: '2026-01-01T00:00:00.000Z',
          service: 'PIS',
          entry: ENTRY,
          following: false,
        }),
      }),
      [`POST ${REGISTER_PATHS.watchlist}`]: () => ({ body: envelope(null, '200', 'You now follow this case.') }),
    });
    await renderShell({ routes, hash: `#/register?app=PIS&ref=RS-1&case=${encodeURIComponent(CASE)}` });
    const follow = await screen.findByRole('button', { name: 'Follow this case' });
    follow.focus();
    fireEvent.click(follow);
    const link = await screen.findByRole('link', { name: 'Following: open your watchlist' });
    await waitFor(() => expect(link).toHaveFocus());
    // With the search that found it: no new look-up of the register to count.
    expect(calls.find((c) => c.method === 'POST' && c.path === REGISTER_PATHS.watchlist)?.body).toEqual({
      caseNumber: CASE,
      ref: 'RS-1',
    });
  }, 30_000);

  it('on the watchlist, follows once however often the form is sent while it waits', async () => {
    let answer: (() => void) | null = null;
    const calls = fakeApi({
      [REGISTER_PATHS.watchlist]: () => ({ body: envelope({ cases: [] }) }),
      [`POST ${REGISTER_PATHS.watchlist}`]: () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: envelope(null, '200', REGISTER_MESSAGES.followed) });
        }),
    });
    await renderShell({ routes, hash: '#/watchlist?app=ICAWL' });
    const input = await screen.findByLabelText('Case number to follow');
    fireEvent.change(input, { target: { value: CASE } });
    // Enter pressed twice, or a double tap on Follow: the second must not ask again.
    fireEvent.submit(input.closest('form')!);
    fireEvent.submit(input.closest('form')!);
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(answer).not.toBeNull());
    answer!();
    expect(await screen.findByText(REGISTER_MESSAGES.followed)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === REGISTER_PATHS.watchlist)).toHaveLength(1);
  }, 30_000);

  it('from its entry, follows once however often Follow this case is pressed while it waits', async () => {
    let answer: (() => void) | null = null;
    const calls = fakeApi({
      [REGISTER_PATHS.entry]: () => ({
        body: envelope({
          reference: 'RS-1',
          searchedAt: '2026-01-01T00:00:00.000Z',
          service: 'PIS',
          entry: ENTRY,
          following: false,
        }),
      }),
      [`POST ${REGISTER_PATHS.watchlist}`]: () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: envelope(null, '200', REGISTER_MESSAGES.followed) });
        }),
    });
    await renderShell({ routes, hash: `#/register?app=PIS&ref=RS-1&case=${encodeURIComponent(CASE)}` });
    const follow = await screen.findByRole('button', { name: 'Follow this case' });
    fireEvent.click(follow);
    fireEvent.click(follow);
    await waitFor(() => expect(answer).not.toBeNull());
    answer!();
    expect(await screen.findByText(REGISTER_MESSAGES.followed)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === REGISTER_PATHS.watchlist)).toHaveLength(1);
  }, 30_000);

  it('on the watchlist, does not keep the last follow’s success beside a case number it refuses', async () => {
    fakeApi({
      [REGISTER_PATHS.watchlist]: () => ({ body: envelope({ cases: [] }) }),
      [`POST ${REGISTER_PATHS.watchlist}`]: () => ({ body: envelope(null, '200', REGISTER_MESSAGES.followed) }),
    });
    await renderShell({ routes, hash: '#/watchlist?app=ICAWL' });
    const input = await screen.findByLabelText('Case number to follow');
    fireEvent.change(input, { target: { value: CASE } });
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByText(REGISTER_MESSAGES.followed)).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'BS 1 24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByText(REGISTER_MESSAGES.badCaseNumber)).toBeInTheDocument();
    expect(screen.queryByText(REGISTER_MESSAGES.followed)).toBeNull();
  }, 30_000);

  it('on the watchlist, takes off a case stopped in another tab when Stop following finds it gone', async () => {
    let listed = true;
    fakeApi({
      [REGISTER_PATHS.watchlist]: () => ({
        body: envelope({
          cases: listed
            ? [
                {
                  ...ENTRY,
                  followedAt: '2026-01-01T00:00:00.000Z',
                  changed: false,
                  updatedAt: '2026-01-01T00:00:00.000Z',
                },
              ]
            : [],
        }),
      }),
      [`POST ${REGISTER_PATHS.unfollow}`]: () => ({
        status: 404,
        body: envelope(null, '404', REGISTER_MESSAGES.notFollowed),
      }),
    });
    await renderShell({ routes, hash: '#/watchlist?app=ICAWL' });
    const stop = await screen.findByRole('button', { name: `Stop following ${CASE}` });
    // Stopped meanwhile in another tab: this list still shows it.
    listed = false;
    fireEvent.click(stop);
    expect(await screen.findByText(REGISTER_MESSAGES.notFollowed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: `Stop following ${CASE}` })).toBeNull());
  }, 30_000);

  it('on the watchlist, keeps the focus in the list when a Stop following button goes', async () => {
    fakeApi({
      [REGISTER_PATHS.watchlist]: () => ({ body: envelope({ cases: [watched(CASE), watched('BS 000001 2024')] }) }),
      [`POST ${REGISTER_PATHS.unfollow}`]: () => ({ body: envelope(null, '200', 'You no longer follow this case.') }),
    });
    await renderShell({ routes, hash: '#/watchlist?app=ICAWL' });
    const stop = await screen.findByRole('button', { name: `Stop following ${CASE}` });
    stop.focus();
    fireEvent.click(stop);
    await waitFor(() => expect(screen.queryByRole('button', { name: `Stop following ${CASE}` })).toBeNull());
    await waitFor(() => expect(screen.getByRole('region', { name: 'Cases you follow' })).toHaveFocus());
  }, 30_000);
});

describe('going back from the results', () => {
  const answer = (query: string) =>
    envelope({
      reference: 'RS-5',
      searchedAt: '2026-01-01T00:00:00.000Z',
      service: 'PIS',
      by: 'name',
      query,
      total: 1,
      closestOnly: false,
      page: 1,
      pageSize: 10,
      results: [ENTRY],
    });
  const search = async () => {
    fakeApi({
      [`POST ${REGISTER_PATHS.search}`]: () => ({ body: answer('ong beng huat') }),
      [REGISTER_PATHS.searchPage.replace(':reference', 'RS-5')]: () => ({ body: answer('ong beng huat') }),
    });
    await renderShell({ routes, hash: '#/register?app=PIS' });
    fireEvent.change(await screen.findByLabelText('Name to search for'), { target: { value: 'ong beng huat' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Another purpose' }));
    fireEvent.change(screen.getByLabelText('Describe the purpose'), { target: { value: 'Tenancy check' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search the register' }));
    expect(await screen.findByRole('link', { name: ENTRY.name })).toBeInTheDocument();
  };
  const expectKept = async () => {
    expect(await screen.findByLabelText('Name to search for')).toHaveValue('ong beng huat');
    expect(screen.getByRole('radio', { name: 'Another purpose' })).toBeChecked();
    expect(screen.getByLabelText('Describe the purpose')).toHaveValue('Tenancy check');
  };

  it('with the browser’s Back, finds the form as it was sent', async () => {
    await search();
    window.history.back();
    await expectKept();
  }, 30_000);

  it('as another user or profile, in the same tab, finds the form empty', async () => {
    const current = vi.spyOn(identity, 'current');
    onTestFinished(() => current.mockRestore());
    const as = (loginName: string, ptibProfileID: string) =>
      current.mockReturnValue({ loginName, ptibProfileID } as UserIdentity);
    as('ptib.demo', 'PTIB00000001');
    await search();
    as('ptib.other', 'PTIB00000002');
    window.history.back();
    expect(await screen.findByLabelText('Name to search for')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Another purpose' })).not.toBeChecked();
  }, 30_000);

  it('with New search, after an entry and back, finds the form as it was sent', async () => {
    await search();
    fireEvent.click(screen.getByRole('link', { name: ENTRY.name }));
    fireEvent.click(await screen.findByRole('link', { name: 'Back to the results' }));
    fireEvent.click(await screen.findByRole('link', { name: 'New search' }));
    await expectKept();
  }, 30_000);
});

describe('a problem with a field no longer shown', () => {
  it('goes with it: the name’s when searching by number, the described purpose’s when another is chosen', async () => {
    fakeApi({});
    await renderShell({ routes, hash: '#/register?app=PIS' });
    fireEvent.change(await screen.findByLabelText('Name to search for'), { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Another purpose' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search the register' }));
    const summary = await within(screen.getByRole('main')).findByRole('alert');
    expect(within(summary).getByRole('link', { name: REGISTER_MESSAGES.nameTooShort })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: REGISTER_MESSAGES.otherPurposeRequired })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'NRIC or FIN' }));
    expect(screen.getByLabelText('NRIC or FIN to search for')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(REGISTER_MESSAGES.nameTooShort)).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Credit assessment' }));
    expect(screen.queryByText(REGISTER_MESSAGES.otherPurposeRequired)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Please correct the validation errors.' })).toBeNull();
  }, 30_000);
});

describe('a Stop following refused', () => {
  it('keeps the focus in the list once the list shown again has lost the case', async () => {
    let listed = [watched(CASE), watched('BS 000001 2024')];
    fakeApi({
      [REGISTER_PATHS.watchlist]: () => ({ body: envelope({ cases: listed }) }),
      [`POST ${REGISTER_PATHS.unfollow}`]: () => ({
        status: 404,
        body: envelope(null, '404', REGISTER_MESSAGES.notFollowed),
      }),
    });
    await renderShell({ routes, hash: '#/watchlist?app=ICAWL' });
    const stop = await screen.findByRole('button', { name: `Stop following ${CASE}` });
    // Stopped meanwhile in another tab: this list still shows it.
    listed = [watched('BS 000001 2024')];
    stop.focus();
    fireEvent.click(stop);
    expect(await screen.findByText(REGISTER_MESSAGES.notFollowed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: `Stop following ${CASE}` })).toBeNull());
    await waitFor(() => expect(screen.getByRole('region', { name: 'Cases you follow' })).toHaveFocus());
  }, 30_000);
});
