import { ROUTES } from '#contract/index.ts';
import { cappedCount } from '#contract/counts.ts';
import { BILL_STATE_LABELS, PAYMENT_TEXT, formatMoney, isPayable, type ListedBill } from '#contract/payments.ts';
import { useLoad } from '../../lib/http/useLoad.ts';
import { buildHref } from '../../lib/router/location.ts';
import { paymentsApi } from './api.ts';
import { formatDay } from '../../components/shell/formatMoment.ts';

/** The dashboard's bills of the acting profile, with their state; nothing when there are none. */
export function BillsDue() {
  const { state } = useLoad('bills', (signal) => paymentsApi.bills(signal));
  const { bills, total }: { bills: ListedBill[]; total: number } =
    state.kind === 'ready' && state.value.ok ? state.value.value : { bills: [], total: 0 };
  if (bills.length === 0) return null;
  return (
    <section aria-labelledby="bills-heading" className="bills-due">
      <h2 id="bills-heading">{PAYMENT_TEXT.dashboardHeading}</h2>
      {total > bills.length && <p>{PAYMENT_TEXT.billsShown(bills.length, cappedCount(total))}</p>}
      <ul className="bill-list">
        {bills.map((b) => (
          <li key={b.caseId} data-testid="dashboard-bill">
            <a href={buildHref(ROUTES.generic, { app: b.appCode, case: b.caseId })}>{b.caseNumber}</a>:{' '}
            {formatMoney(b.amountCents)}, <span>{BILL_STATE_LABELS[b.state]}</span>
            {b.lapsed ? (
              // Its due day is gone and a banking app refuses its code: the record's page gives a new one.
              <>, {PAYMENT_TEXT.lapsedOwed(formatMoney(b.amountCents - b.receivedCents))}</>
            ) : (
              isPayable(b.state) &&
              (b.receivedCents > 0 ? (
                <>, {PAYMENT_TEXT.leftToPay(formatMoney(b.amountCents - b.receivedCents), formatDay(b.dueOn))}</>
              ) : (
                <>, pay by {formatDay(b.dueOn)}</>
              ))
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
