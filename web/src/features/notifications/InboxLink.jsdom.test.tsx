import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FORBIDDEN_CODE } from '#contract/index.ts';
import { NOTIFICATION_MESSAGES, NOTIFICATION_PATHS } from '#contract/notifications.ts';
import { OFFICER_MESSAGES } from '#contract/officer.ts';
import { envelope, fakeApi } from '../../../test/fakeApi.ts';
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
