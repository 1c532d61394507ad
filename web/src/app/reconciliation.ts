import { ReconciliationScreen } from '../features/finance/index.ts';
import { backOffice } from '../features/officer/screens.tsx';

/**
 * The finance officer's reconciliation in the back office's frame, which says who is signed in as on the
 * case screens: the app puts the two features together (a feature imports no other).
 */
export default backOffice(ReconciliationScreen);
