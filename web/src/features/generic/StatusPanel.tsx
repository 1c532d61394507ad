import { CASE_STATUS_LABELS, applicantStatus } from '#contract/cases.ts';
import type { CaseDetail, CaseStatusResponse } from '#contract/schemas/eservices.ts';
import { formatDateTime } from './format.ts';

/** The open record: its case number, status and history of moves (a proposed rejection reads as in review). */
export function StatusPanel({
  record,
  history,
}: {
  record: CaseDetail;
  history: CaseStatusResponse['history'] | null;
}) {
  return (
    <section aria-labelledby="record-heading" className="status-panel">
      <h2 id="record-heading">Record {record.caseNumber}</h2>
      <dl className="summary-list">
        <div>
          <dt>Case number</dt>
          <dd data-testid="case-number">{record.caseNumber}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd data-testid="case-status">{CASE_STATUS_LABELS[applicantStatus(record.status)]}</dd>
        </div>
        <div>
          <dt>Last changed</dt>
          <dd>
            <time dateTime={record.updatedAt}>{formatDateTime(record.updatedAt)}</time>
          </dd>
        </div>
        {record.submittedAt && (
          <div>
            <dt>Submitted</dt>
            <dd>
              <time dateTime={record.submittedAt}>{formatDateTime(record.submittedAt)}</time>
            </dd>
          </div>
        )}
      </dl>
      {history && history.length > 0 && (
        <details>
          <summary>History</summary>
          <ol>
            {history.map((h) => (
              <li key={`${h.at}-${h.to}`}>
                <time dateTime={h.at}>{formatDateTime(h.at)}</time>: {CASE_STATUS_LABELS[applicantStatus(h.to)]}
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}
