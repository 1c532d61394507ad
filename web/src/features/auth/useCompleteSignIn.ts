import { useCallback } from 'react';
import type { UserIdentity } from '#contract/schemas/auth.ts';
import { useRouter } from '../../lib/router/RouterView.tsx';
import { identity, session } from '../../lib/session/index.ts';
import { takeReturnTo } from '../../lib/session/storage.ts';
import { landingAfterSignIn } from '../../app/guards.ts';

/**
 * After a token: start the session, take the identity the login answer held or fetch it, then open the
 * address a guard remembered, or the dashboard. The address changes only once the identity and the
 * authorizations cached with it are in (the guards read them), and that identity stands for that first
 * navigation, so it costs no second call (docs/decisions/0050-a-guarded-navigation-asks-the-server.md,
 * 0058). Rejects when the token cannot be kept.
 */
export function useCompleteSignIn(): (token: string, rememberMe: boolean, known?: UserIdentity) => Promise<void> {
  const router = useRouter();
  return useCallback(
    async (token, rememberMe, known) => {
      session.begin({ token, rememberMe });
      // Before the screens render for the new session, or the header would ask for the identity it holds.
      if (known) void identity.prime(known);
      // The engine, once loaded, starts this session anew, which forgets an identity fetched (or given) before
      // it: the identity is fetched now, or given again if the engine forgot it.
      await session.whenReady().catch(() => undefined);
      if (!known || identity.current() !== known) await identity.prime(known);
      router.navigate(landingAfterSignIn(takeReturnTo(identity.current()?.loginName ?? null)));
    },
    [router],
  );
}
