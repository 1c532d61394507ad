import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES, NOTIFICATION_PATHS } from '#contract/notifications.ts';
import { envelope, fakeApi } from '../../../test/fakeApi.ts';
import { NotificationSettings } from './NotificationSettings.tsx';

const PREFS = {
  email: null,
  emailConfirmed: false,
  pendingEmail: 'tan@example.com',
  emailFailed: null,
  kinds: [{ kind: 'submitted', obligatory: false, email: true, sms: false }],
};

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
});

describe('where messages go', () => {
  it('says why a code was not accepted', async () => {
    fakeApi({
      [NOTIFICATION_PATHS.preferences]: () => ({ body: envelope(PREFS) }),
      [`POST ${NOTIFICATION_PATHS.emailConfirm}`]: () => ({
        status: 400,
        body: envelope(null, '400', NOTIFICATION_MESSAGES.badEmailCode),
      }),
    });
    render(<NotificationSettings />);
    const region = await screen.findByRole('region', { name: 'Email address' });
    fireEvent.change(within(region).getByLabelText('Code sent to tan@example.com'), { target: { value: '999999' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Confirm the address' }));
    expect(await within(region).findByText(NOTIFICATION_MESSAGES.badEmailCode)).toBeInTheDocument();
  });

  it('takes a pasted code with spaces around or inside it, whole (WCAG 3.3.8)', async () => {
    const calls = fakeApi({
      [NOTIFICATION_PATHS.preferences]: () => ({ body: envelope(PREFS) }),
      [`POST ${NOTIFICATION_PATHS.emailConfirm}`]: () => ({
        body: envelope({ ...PREFS, email: 'tan@example.com', emailConfirmed: true, pendingEmail: null }),
      }),
    });
    render(<NotificationSettings />);
    const region = await screen.findByRole('region', { name: 'Email address' });
    // As copied from a mail app that groups the digits, with the space before it selected too.
    fireEvent.change(within(region).getByLabelText('Code sent to tan@example.com'), { target: { value: ' 123 456 ' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Confirm the address' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === NOTIFICATION_PATHS.emailConfirm).map((c) => c.body)).toEqual([
        { code: '123456' },
      ]),
    );
    expect(within(region).queryByRole('alert')).toBeNull();
  });

  it('sends one code when Send a code is pressed twice', async () => {
    const calls = fakeApi({
      [NOTIFICATION_PATHS.preferences]: () => ({ body: envelope({ ...PREFS, pendingEmail: null }) }),
      [`POST ${NOTIFICATION_PATHS.emailStart}`]: () => ({
        body: envelope(null, '200', NOTIFICATION_MESSAGES.emailCodeSent),
      }),
    });
    render(<NotificationSettings />);
    const region = await screen.findByRole('region', { name: 'Email address' });
    fireEvent.change(within(region).getByLabelText('Email address'), { target: { value: 'tan@example.com' } });
    const send = within(region).getByRole('button', { name: 'Send a code' });
    fireEvent.click(send);
    fireEvent.click(send);
    expect(await within(region).findByText(NOTIFICATION_MESSAGES.emailCodeSent)).toBeInTheDocument();
    // A second code would make the first one, perhaps already on its way to the user, useless.
    expect(calls.filter((c) => c.path === NOTIFICATION_PATHS.emailStart)).toHaveLength(1);
  });

  it('says why an address was not accepted', async () => {
    fakeApi({
      [NOTIFICATION_PATHS.preferences]: () => ({ body: envelope({ ...PREFS, pendingEmail: null }) }),
      [`POST ${NOTIFICATION_PATHS.emailStart}`]: () => ({
        status: 400,
        body: envelope(null, '400', NOTIFICATION_MESSAGES.badEmail),
      }),
    });
    render(<NotificationSettings />);
    const region = await screen.findByRole('region', { name: 'Email address' });
    // An address the form lets through, refused by the server: its words are shown.
    fireEvent.change(within(region).getByLabelText('Email address'), { target: { value: 'tan@example.com' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Send a code' }));
    expect(await within(region).findByText(NOTIFICATION_MESSAGES.badEmail)).toBeInTheDocument();
  });

  it('says by the field that an address its mail server refuses must be checked, keeping what was typed', async () => {
    const refused = NOTIFICATION_MESSAGES.emailRefused;
    fakeApi({
      [NOTIFICATION_PATHS.preferences]: () => ({ body: envelope({ ...PREFS, pendingEmail: null }) }),
      [`POST ${NOTIFICATION_PATHS.emailStart}`]: () => ({
        status: 400,
        body: envelope(
          { fieldErrors: { email: refused }, errors: [{ path: 'email', message: refused }] },
          '400',
          refused,
        ),
      }),
    });
    render(<NotificationSettings />);
    const region = await screen.findByRole('region', { name: 'Email address' });
    const input = within(region).getByLabelText('Email address');
    fireEvent.change(input, { target: { value: 'tan.ah.kwo@example.com' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Send a code' }));
    const summary = await within(region).findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('link', { name: refused })).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(refused);
    // The address as typed, to be checked and mended, not typed again.
    expect(input).toHaveValue('tan.ah.kwo@example.com');
  });

  it('says, to someone acting for another profile, that the address and choices are their own', async () => {
    fakeApi({ [NOTIFICATION_PATHS.preferences]: () => ({ body: envelope({ ...PREFS, pendingEmail: null }) }) });
    const { rerender } = render(<NotificationSettings actingForAnother />);
    const settings = await screen.findByRole('region', { name: 'How we tell you' });
    expect(await within(settings).findByText(NOTIFICATION_MESSAGES.settingsWhileActing)).toBeInTheDocument();
    rerender(<NotificationSettings actingForAnother={false} />);
    expect(within(settings).queryByText(NOTIFICATION_MESSAGES.settingsWhileActing)).toBeNull();
  });

  it('says what is wrong with an address in the portal’s own way, not the browser’s', async () => {
    const calls = fakeApi({
      [NOTIFICATION_PATHS.preferences]: () => ({ body: envelope({ ...PREFS, pendingEmail: null }) }),
    });
    render(<NotificationSettings />);
    const region = await screen.findByRole('region', { name: 'Email address' });
    const input = within(region).getByLabelText('Email address');
    expect(input.closest('form')).toHaveAttribute('novalidate');
    expect(input).not.toBeRequired();
    // What is wrong and how to put it right, not only that it is not valid.
    expect(NOTIFICATION_MESSAGES.badEmail).toBe('Enter an email address in the correct format, like name@example.com');
    for (const typed of ['', '  ', 'tan@', 'tan@example']) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.click(within(region).getByRole('button', { name: 'Send a code' }));
      const summary = await within(region).findByRole('alert');
      await waitFor(() => expect(summary).toHaveFocus());
      expect(within(summary).getByRole('link', { name: NOTIFICATION_MESSAGES.badEmail })).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(NOTIFICATION_MESSAGES.badEmail);
    }
    expect(calls.some((c) => c.path === NOTIFICATION_PATHS.emailStart)).toBe(false);
  });

  it('says what is wrong with a code in the portal’s own way, not the browser’s', async () => {
    const calls = fakeApi({ [NOTIFICATION_PATHS.preferences]: () => ({ body: envelope(PREFS) }) });
    render(<NotificationSettings />);
    const region = await screen.findByRole('region', { name: 'Email address' });
    const input = within(region).getByLabelText('Code sent to tan@example.com');
    expect(input.closest('form')).toHaveAttribute('novalidate');
    expect(input).not.toBeRequired();
    expect(input).toHaveAccessibleDescription(NOTIFICATION_MESSAGES.emailCodeHint);
    // A code that cannot be one (none, a digit dropped): the code sent is still good, so no new one is asked for.
    for (const typed of ['', '12345']) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.click(within(region).getByRole('button', { name: 'Confirm the address' }));
      const summary = await within(region).findByRole('alert');
      expect(within(summary).getByRole('link', { name: NOTIFICATION_MESSAGES.emailCodeFormat })).toBeInTheDocument();
      expect(input).toHaveAccessibleDescription(
        `${NOTIFICATION_MESSAGES.emailCodeHint} ${NOTIFICATION_MESSAGES.emailCodeFormat}`,
      );
      expect(summary).not.toHaveTextContent(/new code/);
    }
    expect(calls.some((c) => c.path === NOTIFICATION_PATHS.emailConfirm)).toBe(false);
  });

  it('empties New email address once the address typed there is confirmed', async () => {
    const confirmed = { ...PREFS, email: 'tan@example.com', emailConfirmed: true, pendingEmail: null };
    fakeApi({
      [NOTIFICATION_PATHS.preferences]: () => ({ body: envelope({ ...PREFS, pendingEmail: null }) }),
      [`POST ${NOTIFICATION_PATHS.emailStart}`]: () => ({
        body: envelope(null, '200', NOTIFICATION_MESSAGES.emailCodeSent),
      }),
      [`POST ${NOTIFICATION_PATHS.emailConfirm}`]: () => ({
        body: envelope(confirmed, '200', NOTIFICATION_MESSAGES.emailConfirmed),
      }),
    });
    render(<NotificationSettings />);
    const region = await screen.findByRole('region', { name: 'Email address' });
    fireEvent.change(within(region).getByLabelText('Email address'), { target: { value: 'tan@example.com' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Send a code' }));
    fireEvent.change(await within(region).findByLabelText('Code sent to tan@example.com'), {
      target: { value: '123456' },
    });
    fireEvent.click(within(region).getByRole('button', { name: 'Confirm the address' }));
    expect(await within(region).findByText(NOTIFICATION_MESSAGES.emailConfirmed)).toBeInTheDocument();
    expect(within(region).getByLabelText('New email address')).toHaveValue('');
  });

  it('puts the focus on the confirmed address once the code, and its form, are gone', async () => {
    fakeApi({
      [NOTIFICATION_PATHS.preferences]: () => ({ body: envelope(PREFS) }),
      [`POST ${NOTIFICATION_PATHS.emailConfirm}`]: () => ({
        body: envelope({ ...PREFS, email: 'tan@example.com', emailConfirmed: true, pendingEmail: null }),
      }),
    });
    render(<NotificationSettings />);
    const region = await screen.findByRole('region', { name: 'Email address' });
    const input = within(region).getByLabelText('Code sent to tan@example.com');
    input.focus();
    fireEvent.change(input, { target: { value: '123456' } });
    // Enter in the field: the form is sent with the focus still in it.
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(input).not.toBeInTheDocument());
    await waitFor(() => expect(within(region).getByText('Messages go to tan@example.com.')).toHaveFocus());
  });

  it('warns by the address that its mail server refuses it, until an address is confirmed again', async () => {
    const failing = {
      ...PREFS,
      email: 'demo@example.com',
      emailConfirmed: true,
      // 10:30 on 29 Nov in Singapore, the day before in UTC: the day is Singapore's.
      emailFailed: { at: '2026-11-29T02:30:00.000Z', to: 'd***@example.com' },
    };
    fakeApi({
      [NOTIFICATION_PATHS.preferences]: () => ({ body: envelope(failing) }),
      [`POST ${NOTIFICATION_PATHS.emailConfirm}`]: () => ({
        body: envelope({ ...failing, email: 'tan@example.com', pendingEmail: null, emailFailed: null }),
      }),
    });
    render(<NotificationSettings />);
    const region = await screen.findByRole('region', { name: 'Email address' });
    const said = 'We could not deliver email to d***@example.com on 29 Nov 2026. Check the address, or change it.';
    expect(NOTIFICATION_MESSAGES.emailUndeliverable('d***@example.com', '29 Nov 2026')).toBe(said);
    const warning = await within(region).findByText(said, { exact: false });
    // GOV.UK's warning text: its kind in words for a screen reader, the icon hidden from it.
    expect(warning).toHaveTextContent(`Warning: ${said}`);
    expect(within(region).getByText('Messages go to demo@example.com.').nextElementSibling).toContainElement(warning);

    fireEvent.change(within(region).getByLabelText('Code sent to tan@example.com'), { target: { value: '123456' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Confirm the address' }));
    expect(await within(region).findByText('Messages go to tan@example.com.')).toBeInTheDocument();
    expect(within(region).queryByText(said, { exact: false })).toBeNull();
  });
});
