import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES, RESPONSE_CODE, fail, withPhone, withReference } from '#contract/index.ts';
import { Toasts } from '../../components/toasts/Toasts.tsx';
import { clearToasts } from '../../components/toasts/toastStore.ts';
import { emit } from '../events/bus.ts';
import { interpret } from './interpret.ts';

const PHONE = '1800-111-2222';
const DIFFICULTIES = withPhone(MESSAGES.systemDifficulties, PHONE);

/** The toast the user sees for a server's answer, as the HTTP layer raises it on the bus. */
async function toastFor(status: number, responseDesc: string): Promise<HTMLElement> {
  const body = fail(status === 500 ? RESPONSE_CODE.SERVER_ERROR : RESPONSE_CODE.UNAVAILABLE, responseDesc);
  const { events } = interpret(
    { path: '/api/x', url: '/api/x', status, statusText: '', body, empty: false },
    { phone: PHONE },
  );
  render(<Toasts />);
  act(() => {
    for (const event of events) if (event.name === 'toast') emit('toast', event.payload);
  });
  const region = await screen.findByRole('region', { name: 'Notifications' });
  return within(region).getByRole('listitem');
}

afterEach(() => act(() => clearToasts()));

describe("the technical-difficulties toast of a server's error", () => {
  it("gives a 500's reference on a line of its own after the specification's exact text", async () => {
    const toast = await toastFor(500, withReference(MESSAGES.somethingWrong, 'd5c3d24307cb034411585fd610b1cd54'));
    // The 32 hex digits nginx's request id has, by their first 8: a search of the log finds them.
    expect(toast.querySelector('.toast-message')?.textContent).toBe(`${DIFFICULTIES}\nReference: d5c3d243`);
    expect(screen.getByRole('alert')).toHaveTextContent(`${DIFFICULTIES} Reference: d5c3d243`);
  });

  it('gives a short reference whole', async () => {
    const toast = await toastFor(500, withReference(MESSAGES.somethingWrong, 'req-7'));
    expect(toast.querySelector('.toast-message')?.textContent).toBe(`${DIFFICULTIES}\nReference: req-7`);
  });

  it('gives none for an error that carries none', async () => {
    const toast = await toastFor(503, DIFFICULTIES);
    expect(toast.querySelector('.toast-message')?.textContent).toBe(DIFFICULTIES);
  });
});
