import { useCallback } from 'react';
import { useRouter } from '../../lib/router/RouterView.tsx';
import { identity, session } from '../../lib/session/index.ts';
import { takeReturnTo } from '../../lib/session/storage.ts';
import { landingAfterSignIn } from '../../app/guards.ts';

/**
 * After a token: start the session, fetch the identity, then open the address a guard remembered, or the
 * dashboard. The address changes only once the identity and the authorizations cached with it are in
 * (the guards read them), and its answer stands for that first navigation, so it costs no second call
 * (docs/decisions/0050-a-guarded-navigation-asks-the-server.md). Rejects when the token cannot be kept.
 */
export function useCompleteSignIn(): (token: string, rememberMe: boolean) => Promise<void> {
  const router = useRouter();
  return useCallback(
    async (token, rememberMe) => {
      session.begin({ token, rememberMe });
      // The engine, once loaded, starts this session anew, which forgets an identity fetched before it.
      await session.whenReady().catch(() => undefined);
      await identity.prime();
      router.navigate(landingAfterSignIn(takeReturnTo()));
    },
    [router],
  );
}
