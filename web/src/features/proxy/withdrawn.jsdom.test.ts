import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '#contract/index.ts';
import type * as CallsModule from '../../lib/session/calls.ts';
import { on } from '../../lib/events/bus.ts';
import { identity } from '../../lib/session/index.ts';
import { returnToSelfWhenProxyWithdrawn } from './withdrawn.ts';

vi.mock('../../lib/session/calls.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof CallsModule>()),
  fetchProfile: vi.fn(async () => ({ kind: 'none' })),
}));

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  sessionStorage.clear();
});

describe('a proxy grant withdrawn (header 4110)', () => {
  it('names the profile as the refusal does, when nothing of it is left in memory', async () => {
    const toasts: string[] = [];
    stops.push(on('toast', ({ message }) => toasts.push(message)));
    const navigate = vi.fn<(to: string) => void>();
    const call = vi.fn(async () => '');
    // The refused profile call of a navigation has already dropped the identity shown while acting for it.
    identity.invalidate();
    returnToSelfWhenProxyWithdrawn({ call, navigate })({
      responseJSON: { ptibProfileID: 'PTIB00000011', PTIBName: 'Chua & Partners LLP' },
    });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/dashboard'));
    expect(call).toHaveBeenCalledWith('');
    expect(toasts).toEqual([AUTH_MESSAGES.proxyWithdrawnReturned('Chua & Partners LLP', 'PTIB00000011')]);
  });
});
