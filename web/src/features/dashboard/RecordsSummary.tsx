import { CASE_STATUS_LABELS, NEXT_STEP_MESSAGES, applicantStatus } from '#contract/cases.ts';
import { PROGRESS_TEXT } from '#contract/officerScreens.ts';
import type { CaseSummary, CasesSummary, EserviceSummary } from '#contract/schemas/eservices.ts';
import { formatDay } from '../../components/shell/formatMoment.ts';
import { StackedTable } from '../../components/table/StackedTable.tsx';
import { TableScroll } from '../../components/table/TableScroll.tsx';
import { Progress } from '../../app/dashboardParts.ts';
import { countByStatus, totalRecords } from './summary.ts';

export interface RecordsSummaryProps {
  /** Counts by status and the latest records, most recently updated first (as the server answers). */
  summary: CasesSummary;
  eservices: readonly EserviceSummary[];
  /** Where a record opens; with `respond`, where its applicant answers an officer's request. */
  recordHref: (record: CaseSummary, respond?: boolean) => string;
}

/** The latest records' columns, in order. */
const LATEST_COLUMNS = ['Case number', 'E-service', 'Status', 'Last updated', PROGRESS_TEXT.nextStepHeading] as const;

/** The acting profile's e-service records: counts by status and the latest few, by case number. */
export function RecordsSummary({ summary, eservices, recordHref }: RecordsSummaryProps) {
  const titles = new Map(eservices.map((e) => [e.code, e.title]));
  return (
    <section aria-labelledby="records-heading" className="dashboard-panel">
      <h2 id="records-heading">My e-service records</h2>
      {totalRecords(summary) === 0 ? (
        <p>There are no e-service records for this profile yet.</p>
      ) : (
        <>
          <TableScroll label="Records by status">
            <table className="data-table">
              <caption>Records by status</caption>
              <thead>
                <tr>
                  <th scope="col">Status</th>
                  <th scope="col">Records</th>
                </tr>
              </thead>
              <tbody>
                {countByStatus(summary).map(({ status, count }) => (
                  <tr key={status}>
                    <th scope="row">{CASE_STATUS_LABELS[status]}</th>
                    <td>{count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <TableScroll label="Latest records">
            <StackedTable
              caption="Latest records"
              columns={LATEST_COLUMNS}
              rows={summary.latest}
              rowKey={(record) => record.id}
              cells={(record) => [
                <a href={recordHref(record)}>{record.caseNumber}</a>,
                titles.get(record.appCode) ?? record.appCode,
                CASE_STATUS_LABELS[applicantStatus(record.status)],
                <time dateTime={record.updatedAt}>{formatDay(record.updatedAt)}</time>,
                record.progress?.nextStep ?? NEXT_STEP_MESSAGES[applicantStatus(record.status)],
              ]}
            />
          </TableScroll>
          {summary.latest
            .filter((record) => record.progress)
            .map((record) => (
              <details key={record.id} className="record-progress" open={record.status === 'more_info_requested'}>
                <summary>
                  {record.caseNumber}: {CASE_STATUS_LABELS[applicantStatus(record.status)]}
                </summary>
                <Progress
                  progress={record.progress!}
                  id={`progress-${record.id}`}
                  headingLevel={3}
                  action={
                    record.progress!.request
                      ? { href: recordHref(record, true), label: `${PROGRESS_TEXT.answer} on ${record.caseNumber}` }
                      : undefined
                  }
                />
              </details>
            ))}
        </>
      )}
    </section>
  );
}
