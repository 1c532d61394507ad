// One moment formatter for every screen (components/shell/formatMoment.ts); re-exported for this feature's modules.
export { formatDateTime } from '../../components/shell/formatMoment.ts';

/** The DOM id of a field, one part of it or a row's field ('fee.amount' → 'f-fee-amount', 'rows[1].x' → 'f-rows-1-x'). */
export const fieldDomId = (path: string) => `f-${path.replace(/[.[\]]+/g, '-').replace(/-$/, '')}`;
