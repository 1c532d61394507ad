/**
 * Parts of one feature that a screen of another shows. Features import no other feature
 * (eslint.config.js): the app, which puts them together, hands these over, so every dependency between
 * features is named here (the dashboard's in dashboardParts.ts).
 */
export { UnsavedInputList } from '../features/generic/UnsavedInputList.tsx';
export { BillPanel } from '../features/payments/BillPanel.tsx';
export { CheckAnswers } from '../features/generic/CheckAnswers.tsx';
