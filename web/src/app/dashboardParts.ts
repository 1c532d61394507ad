/**
 * What the dashboard shows of other features (app/parts.ts says why the app hands these over). A module
 * of its own, not parts.ts: a screen that imports that barrel loads every part it names, and the
 * dashboard's code loads while the user types on the login form (docs/decisions/0052).
 */
import { lazyPart } from '../lib/lazy/lazyPart.tsx';

export { isMasterUser, ProxyPanel } from '../features/proxy/ProxyPanel.tsx';
export { Progress } from '../features/generic/Progress.tsx';

/**
 * The bills due load once the dashboard shows, not before its greeting: their code brings the payments'
 * schemas and with them zod, which the sign-in journey does without (docs/decisions/0052).
 */
export const BillsDue = lazyPart(() =>
  import('../features/payments/BillsDue.tsx').then(({ BillsDue }) => ({ default: BillsDue })),
);
