import { CASE_STATUS_LABELS, NEXT_STEP_MESSAGES, applicantStatus } from '#contract/cases.ts';
import { PROGRESS_TEXT } from '#contract/officerScreens.ts';
import type { CaseSummary, CasesSummary, EserviceSummary } from '#contract/schemas/eservices.ts';
import { formatDay } from '../../components/shell/formatMoment.ts';
import { TableScroll } from '../../components/table/TableScroll.tsx';
import { Progress } from '../../app/dashboardParts.ts';
import { countByStatus, totalRecords } from './summary.ts';
import '../../components/table/stacked-table.css';

export interface RecordsSummaryProps {
  /** Counts by status and the latest records, most recently updated first (as the server answers). */
  summary: CasesSummary;
  eservices: readonly EserviceSummary[];
  /** Where a record opens; with `respond`, where its applicant answers an officer's request. */
  recordHref: (record: CaseSummary, respond?: boolean) => string;
}

/** The latest records' columns, in order: also each cell's label where a phone stacks them (data-label). */
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
            {/* On a phone its cells stack, each with its column's heading (stacked-table.css). WebKit has dropped
                a table's roles once CSS shows its parts as blocks, so they are said outright: VoiceOver on an
                iPhone, where the cells stack, still reads each with its column. The linter calls these roles
                redundant, and a td a grid's interactive cell: here CSS makes them needed, and this is no grid. */}
            {/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role */}
            <table className="data-table stacked-table" role="table">
              <caption>Latest records</caption>
              <thead role="rowgroup">
                <tr role="row">
                  {LATEST_COLUMNS.map((heading) => (
                    <th key={heading} scope="col" role="columnheader">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody role="rowgroup">
                {summary.latest.map((record) => (
                  <tr key={record.id} role="row">
                    <th scope="row" role="rowheader">
                      <a href={recordHref(record)}>{record.caseNumber}</a>
                    </th>
                    <td role="cell" data-label={LATEST_COLUMNS[1]}>
                      {titles.get(record.appCode) ?? record.appCode}
                    </td>
                    <td role="cell" data-label={LATEST_COLUMNS[2]}>
                      {CASE_STATUS_LABELS[applicantStatus(record.status)]}
                    </td>
                    <td role="cell" data-label={LATEST_COLUMNS[3]}>
                      <time dateTime={record.updatedAt}>{formatDay(record.updatedAt)}</time>
                    </td>
                    <td role="cell" data-label={LATEST_COLUMNS[4]}>
                      {record.progress?.nextStep ?? NEXT_STEP_MESSAGES[applicantStatus(record.status)]}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {/* eslint-enable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role */}
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
