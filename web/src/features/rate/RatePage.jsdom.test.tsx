import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RATING, SITE_MESSAGES } from '#contract/site-pages.ts';
import { envelope, fakeApi } from '../../../test/fakeApi.ts';
import { renderShell, simpleRoutes } from '../../components/shell/testkit.tsx';
import type { RouteDef } from '../../lib/router/router.ts';

// The screen is a lazily loaded chunk, transformed on first use: give it time on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const routes: RouteDef[] = [...simpleRoutes, { path: '/rate', title: 'Rate', load: () => import('./RatePage.tsx') }];

async function openRatePage() {
  await renderShell({ routes, hash: '#/rate' });
  await screen.findByRole('heading', { level: 1, name: 'Rate This E-Service' });
}
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send rating' }));
const comment = () => screen.getByLabelText<HTMLTextAreaElement>('Comments (optional)');

beforeEach(() => {
  window.scrollTo = vi.fn() as typeof window.scrollTo;
  document.cookie = 'XSRF-TOKEN=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
});

describe('Rate This E-Service', () => {
  it('offers 1–5 as radio buttons in a fieldset, and an optional bounded comment', async () => {
    fakeApi({});
    await openRatePage();
    const group = screen.getByRole('group', { name: 'How would you rate this e-service?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(group).getByRole('radio', { name: '5 – Excellent' })).toBeInTheDocument();
    expect(comment()).toHaveAttribute('maxlength', String(RATING.COMMENT_MAX_LENGTH));
  });

  it('says what is missing, focuses the problem list, and sends nothing', async () => {
    const calls = fakeApi({});
    await openRatePage();
    fireEvent.change(comment(), { target: { value: 'Clear pages.' } });
    send();
    const summary = await within(screen.getByRole('main')).findByRole('alert');
    expect(summary).toHaveTextContent(SITE_MESSAGES.ratingRequired);
    await waitFor(() => expect(summary).toHaveFocus());
    expect(comment().value).toBe('Clear pages.');
    expect(calls.some((c) => c.path === '/api/rating')).toBe(false);
  });

  it('links each problem to its field, as the e-service forms do', async () => {
    fakeApi({});
    await openRatePage();
    fireEvent.change(comment(), { target: { value: 'x'.repeat(RATING.COMMENT_MAX_LENGTH + 1) } });
    send();
    const summary = await within(screen.getByRole('main')).findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'Please correct the validation errors.' })).toBeInTheDocument();
    fireEvent.click(within(summary).getByRole('link', { name: SITE_MESSAGES.ratingRequired }));
    expect(screen.getByRole('radio', { name: '1 – Very poor' })).toHaveFocus();
    const tooLong = within(summary).getAllByRole('link').at(-1)!;
    fireEvent.click(tooLong);
    expect(comment()).toHaveFocus();
  });

  it('sends the rating and comment with the XSRF header, then thanks the user', async () => {
    const calls = fakeApi({
      '/api/rating': () => ({ body: envelope({ received: true }, '200', SITE_MESSAGES.ratingThanks) }),
    });
    await openRatePage();
    fireEvent.click(screen.getByRole('radio', { name: '4 – Good' }));
    fireEvent.change(comment(), { target: { value: 'Quick to use.' } });
    send();
    const thanks = await screen.findByText(SITE_MESSAGES.ratingThanks);
    await waitFor(() => expect(thanks.parentElement).toHaveFocus());
    const post = calls.find((c) => c.path === '/api/rating')!;
    expect(post.method).toBe('POST');
    expect(post.body).toEqual({ rating: 4, comment: 'Quick to use.' });
    expect(post.headers['x-xsrf-token']).toBe('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ');
  });

  it('shows the server’s reason when it refuses, and keeps what the user entered', async () => {
    fakeApi({
      '/api/rating': () => ({ status: 429, body: envelope(null, '429', SITE_MESSAGES.ratingTooMany) }),
    });
    await openRatePage();
    fireEvent.click(screen.getByRole('radio', { name: '2 – Poor' }));
    fireEvent.change(comment(), { target: { value: 'Slow today.' } });
    send();
    const summary = await within(screen.getByRole('main')).findByRole('alert');
    expect(summary).toHaveTextContent(SITE_MESSAGES.ratingTooMany);
    // The whole form's problem, no field's: listed, not a link.
    expect(within(summary).queryByRole('link')).toBeNull();
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByRole('radio', { name: '2 – Poor' })).toBeChecked();
    expect(comment().value).toBe('Slow today.');
  });

  it('says the rating could not be sent when the server fails, keeping the input', async () => {
    fakeApi({ '/api/rating': () => ({ status: 503, body: envelope(null, '503', 'unavailable') }) });
    await openRatePage();
    fireEvent.click(screen.getByRole('radio', { name: '5 – Excellent' }));
    send();
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(SITE_MESSAGES.ratingFailed);
    expect(screen.getByRole('radio', { name: '5 – Excellent' })).toBeChecked();
  });
});
