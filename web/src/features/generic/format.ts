import { FOOTER_DATE_FORMAT } from '../../../../contract/index.ts';
import { formatDate } from '../../components/shell/formatDate.ts';

/** A moment as the portal writes dates (d MMM yyyy), with the local time: '5 Mar 2026, 14:07'. */
export function formatDateTime(at: Date | string | number): string {
  const date = new Date(at);
  const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  return `${formatDate(date, FOOTER_DATE_FORMAT)}, ${time}`;
}

/** The DOM id of a field, one part of it or a row's field ('fee.amount' → 'f-fee-amount', 'rows[1].x' → 'f-rows-1-x'). */
export const fieldDomId = (path: string) => `f-${path.replace(/[.[\]]+/g, '-').replace(/-$/, '')}`;
