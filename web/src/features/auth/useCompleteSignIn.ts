import { useCallback } from 'react';
import { useRouter } from '../../lib/router/RouterView.tsx';
import { session } from '../../lib/session/index.ts';
import { takeReturnTo } from '../../lib/session/storage.ts';
import { landingAfterSignIn } from '../../app/guards.ts';

/** After a token: start the session, then open the address a guard remembered, or the user's own start. */
export function useCompleteSignIn(): (token: string, rememberMe: boolean) => void {
  const router = useRouter();
  return useCallback(
    (token, rememberMe) => {
      session.begin({ token, rememberMe });
      router.navigate(landingAfterSignIn(takeReturnTo()));
    },
    [router],
  );
}
