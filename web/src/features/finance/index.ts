/** The finance back office's reconciliation screen, mounted by the back office under its own route. */
export { ReconciliationScreen } from './ReconciliationScreen.tsx';
