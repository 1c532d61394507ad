import { useEffect, useState } from 'react';
import { identity } from './index.ts';
import { getToken } from './storage.ts';

/**
 * Whether the signed-in account is an officer's: the server refuses it the PTIB identity (PTACC-951,
 * docs/decisions/0049), so its way is to the back office, not to PTIB screens that end in access denied.
 * Asks nothing while signed out.
 */
export function useOfficerAccount(): boolean {
  const [officer, setOfficer] = useState(false);
  useEffect(() => {
    if (!getToken()) return;
    let live = true;
    void identity.load().then((answer) => {
      if (live) setOfficer(answer.kind === 'denied');
    });
    return () => {
      live = false;
    };
  }, []);
  return officer;
}
