/**
 * Parts of one feature that a screen of another shows. Features import no other feature
 * (eslint.config.js): the app, which puts them together, hands these over, so every dependency between
 * features is named here.
 */
export { UnsavedInputList } from '../features/generic/UnsavedInputList.tsx';
export { isMasterUser, ProxyPanel } from '../features/proxy/ProxyPanel.tsx';
export { BillPanel } from '../features/payments/BillPanel.tsx';
export { BillsDue } from '../features/payments/BillsDue.tsx';
export { CheckAnswers } from '../features/generic/CheckAnswers.tsx';
export { ErrorSummary } from '../features/generic/ErrorSummary.tsx';
export { Progress } from '../features/generic/Progress.tsx';
