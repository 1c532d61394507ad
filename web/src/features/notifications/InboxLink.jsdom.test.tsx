import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { FORBIDDEN_CODE, ROUTES } from '#contract/index.ts';
import type { UserIdentity } from '#contract/schemas/auth.ts';
import { NOTIFICATION_MESSAGES, NOTIFICATION_PATHS } from '#contract/notifications.ts';
import { OFFICER_MESSAGES } from '#contract/officer.ts';
import { envelope, fakeApi } from '../../../test/fakeApi.ts';
import { identity } from '../../lib/session/index.ts';
import { inboxChanged } from './api.ts';
import InboxLink from './InboxLink.tsx';

describe('InboxLink', () => {
  it('counts the unread messages, asked again when the inbox changes', async () => {
    let unread = 2;
    fakeApi({ [NOTIFICATION_PATHS.unread]: () => ({ body: envelope({ unread }) }) });
    render(<InboxLink />);
    expect(await screen.findByRole('link', { name: NOTIFICATION_MESSAGES.headerLink(2) })).toBeInTheDocument();
    unread = 1;
    act(() => inboxChanged());
    expect(await screen.findByRole('link', { name: NOTIFICATION_MESSAGES.headerLink(1) })).toBeInTheDocument();
  });

  it('is not there for an officer’s session, which the server refuses an inbox, and asks no more', async () => {
    const calls = fakeApi({
      [NOTIFICATION_PATHS.unread]: () => ({
        status: 403,
        body: envelope(null, FORBIDDEN_CODE.MISSING_AUTHORITY, OFFICER_MESSAGES.officerOnPtib),
      }),
    });
    const { container } = render(<InboxLink />);
    await expect.poll(() => calls.filter((c) => c.path === NOTIFICATION_PATHS.unread).length).toBe(1);
    await expect.poll(() => container.innerHTML).toBe('');
    act(() => inboxChanged());
    act(() => window.dispatchEvent(new HashChangeEvent('hashchange')));
    expect(calls.filter((c) => c.path === NOTIFICATION_PATHS.unread)).toHaveLength(1);
  });
});

describe('InboxLink of a master user', () => {
  const MASTER = 'PTIB00000002';
  const KOH = 'PTIB00000012';
  const CHUA = 'PTIB00000011';
  const user = (proxyInd: 'Y' | 'N', acting = MASTER): UserIdentity => ({
    roles: ['PTIB'],
    authorizations: ['SEMS01'],
    header: 'PTIB e-Services',
    imageUrl: null,
    isPTIBBlocked: 'N',
    proxyInd,
    PTIBName: 'Lim Mei Ling',
    idNum: 'S2345678H',
    mobileNum: '92345678',
    correspondenceAddressDetails: {
      blockHouseNo: '1',
      streetName: 'Raffles Place',
      floorUnit: '#20-01',
      buildingName: '',
      postalCode: '048616',
      country: 'SG',
    },
    dashboardMessage: null,
    ptibProfileID: acting,
    ownPtibProfileID: MASTER,
    loginName: 'ptib.master',
  });
  afterEach(() => identity.invalidate());

  it('says how many messages the other profiles have unread, with the way to switch, asked again on a change', async () => {
    let koh = 2;
    const calls = fakeApi({
      [NOTIFICATION_PATHS.unread]: () => ({ body: envelope({ unread: 1 }) }),
      [NOTIFICATION_PATHS.unreadByProfile]: () => ({
        body: envelope({
          profiles: [
            { ptibProfileID: MASTER, unread: 1 },
            { ptibProfileID: CHUA, unread: 0 },
            { ptibProfileID: KOH, unread: koh },
          ],
        }),
      }),
    });
    await identity.prime(user('Y'));
    render(<InboxLink />);
    expect(await screen.findByRole('link', { name: NOTIFICATION_MESSAGES.headerLink(1) })).toBeInTheDocument();
    // The acting profile's own messages are the Messages link's, not counted again.
    const note = await screen.findByRole('link', {
      name: `${NOTIFICATION_MESSAGES.otherProfilesUnread(2)}${NOTIFICATION_MESSAGES.otherProfilesUnreadHint}`,
    });
    expect(note).toHaveAttribute('href', `#${ROUTES.dashboard}#proxy-heading`);
    koh = 3;
    act(() => inboxChanged());
    expect(await screen.findByText(NOTIFICATION_MESSAGES.otherProfilesUnread(3))).toBeInTheDocument();
    expect(calls.filter((c) => c.path === NOTIFICATION_PATHS.unreadByProfile).length).toBeGreaterThan(1);
  });

  it('names the note by its words as shown, then where it goes, with no space before the colon (WCAG 2.5.3)', async () => {
    fakeApi({
      [NOTIFICATION_PATHS.unread]: () => ({ body: envelope({ unread: 0 }) }),
      [NOTIFICATION_PATHS.unreadByProfile]: () => ({
        body: envelope({
          profiles: [
            { ptibProfileID: MASTER, unread: 0 },
            { ptibProfileID: CHUA, unread: 1 },
          ],
        }),
      }),
    });
    // Laid out as a browser lays out visually hidden words: positioned out of the line, they are a block, and a
    // block's words are set apart in a name ("1 unread for other profiles : choose…").
    const style = document.head.appendChild(document.createElement('style'));
    style.textContent = '.visually-hidden { display: block; }';
    onTestFinished(() => style.remove());
    await identity.prime(user('Y'));
    render(<InboxLink />);
    const note = await screen.findByTestId('inbox-others');
    expect(note).toHaveAccessibleName(
      `${NOTIFICATION_MESSAGES.otherProfilesUnread(1)}${NOTIFICATION_MESSAGES.otherProfilesUnreadHint}`,
    );
    expect(note).toHaveTextContent(NOTIFICATION_MESSAGES.otherProfilesUnread(1));
  });

  it('counts the master’s own profile as another while acting for a profile, and says nothing when none wait', async () => {
    let own = 4;
    fakeApi({
      [NOTIFICATION_PATHS.unread]: () => ({ body: envelope({ unread: 2 }) }),
      [NOTIFICATION_PATHS.unreadByProfile]: () => ({
        body: envelope({
          profiles: [
            { ptibProfileID: MASTER, unread: own },
            { ptibProfileID: KOH, unread: 2 },
          ],
        }),
      }),
    });
    await identity.prime(user('N', KOH));
    render(<InboxLink />);
    expect(await screen.findByText(NOTIFICATION_MESSAGES.otherProfilesUnread(4))).toBeInTheDocument();
    own = 0;
    act(() => inboxChanged());
    await expect.poll(() => screen.queryByTestId('inbox-others')).toBeNull();
  });

  it('makes no call for the other profiles for a user who is not a master', async () => {
    const calls = fakeApi({ [NOTIFICATION_PATHS.unread]: () => ({ body: envelope({ unread: 2 }) }) });
    await identity.prime(user('N'));
    render(<InboxLink />);
    expect(await screen.findByRole('link', { name: NOTIFICATION_MESSAGES.headerLink(2) })).toBeInTheDocument();
    act(() => inboxChanged());
    await expect.poll(() => calls.filter((c) => c.path === NOTIFICATION_PATHS.unread).length).toBe(2);
    expect(calls.filter((c) => c.path === NOTIFICATION_PATHS.unreadByProfile)).toEqual([]);
    expect(screen.queryByTestId('inbox-others')).toBeNull();
  });
});
