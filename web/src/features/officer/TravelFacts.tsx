import { CASE_STATUS_LABELS, isDecided } from '#contract/cases.ts';
import type { OfficerCase } from '#contract/officer.ts';
import { TRAVEL_REQUEST_ESERVICE, TRAVEL_TEXT as TEXT } from '#contract/travel.ts';
import { formatDay } from '../../components/shell/formatMoment.ts';
import { caseHref, type QueueView } from './queueQuery.ts';
import { Row } from './SummaryRow.tsx';

/**
 * A travel application and the requests to amend or withdraw it (docs/decisions/0091), where the officer reads
 * them before deciding either: on the application, a request still waiting (a withdrawal above all: approving
 * the trip would decide what the traveller gave up), the trip as the latest approved amendment left it, and
 * every request with its status; on a request, the application it names and where that stands.
 */
export function TravelFacts({
  c,
  from,
}: {
  c: Pick<OfficerCase, 'appCode' | 'status' | 'travelRequests' | 'travelApplication'>;
  /** The queue view the case was opened from, kept by a link to the other case. */
  from: QueueView;
}) {
  const waiting = isDecided(c.status) ? [] : c.travelRequests.filter((r) => !isDecided(r.status));
  const amended = c.travelRequests.findLast((r) => r.status === 'approved' && r.action === 'amend');
  return (
    <>
      {waiting.map((r) => (
        <div key={r.id} className="notice" data-testid="travel-request-waiting">
          <p>
            {r.action === 'withdraw' ? TEXT.withdrawalPending(r.caseNumber) : TEXT.amendmentPending(r.caseNumber)}{' '}
            <a href={caseHref(r.id, from)}>{TEXT.openRequest(r.caseNumber)}</a>
          </p>
        </div>
      ))}
      {amended && (
        <section aria-labelledby="amended-trip-heading">
          <h2 id="amended-trip-heading">{TEXT.amendedHeading}</h2>
          <p>{TEXT.amendedBy(amended.caseNumber, amended.approvedAt ? formatDay(amended.approvedAt) : '')}</p>
          {amended.trip.length === 0 ? (
            <p>{TEXT.noNewTrip}</p>
          ) : (
            <dl className="summary-list" data-testid="amended-trip">
              {amended.trip.map((row) => (
                <Row key={row.path} term={row.label}>
                  {row.value}
                </Row>
              ))}
            </dl>
          )}
        </section>
      )}
      {c.travelRequests.length > 0 && (
        <section aria-labelledby="travel-requests-heading">
          <h2 id="travel-requests-heading">{TEXT.requestsHeading}</h2>
          <table className="data-table">
            <caption className="visually-hidden">{TEXT.requestsHeading}</caption>
            <thead>
              <tr>
                <th scope="col">{TEXT.requestColumns.caseNumber}</th>
                <th scope="col">{TEXT.requestColumns.action}</th>
                <th scope="col">{TEXT.requestColumns.status}</th>
              </tr>
            </thead>
            <tbody>
              {c.travelRequests.map((r) => (
                <tr key={r.id}>
                  <th scope="row">
                    <a href={caseHref(r.id, from)}>{r.caseNumber}</a>
                  </th>
                  <td>{r.action ? TEXT.actionLabels[r.action] : '—'}</td>
                  <td>{CASE_STATUS_LABELS[r.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {c.appCode === TRAVEL_REQUEST_ESERVICE && (
        <section aria-labelledby="travel-application-heading">
          <h2 id="travel-application-heading">{TEXT.applicationHeading}</h2>
          <p data-testid="travel-application">
            {c.travelApplication ? (
              <a href={caseHref(c.travelApplication.id, from)}>
                {TEXT.applicationStatus(c.travelApplication.caseNumber, CASE_STATUS_LABELS[c.travelApplication.status])}
              </a>
            ) : (
              TEXT.applicationNotFound
            )}
          </p>
        </section>
      )}
    </>
  );
}
