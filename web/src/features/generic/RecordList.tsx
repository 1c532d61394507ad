import { CASE_STATUS_LABELS } from '#contract/cases.ts';
import type { CaseSummary } from '#contract/schemas/eservices.ts';
import { TableScroll } from '../../components/table/TableScroll.tsx';
import { formatDateTime } from './format.ts';

/** The acting profile's records of this e-service: case number (opens it), status, last change. */
export function RecordList({
  cases,
  openId,
  onOpen,
  caption,
}: {
  cases: readonly CaseSummary[];
  openId: string | null;
  onOpen: (id: string) => void;
  caption: string;
}) {
  return (
    <TableScroll label={caption}>
      <table className="data-table record-list">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Case number</th>
            <th scope="col">Status</th>
            <th scope="col">Last changed</th>
          </tr>
        </thead>
        <tbody>
          {cases.map((c) => (
            <tr key={c.id} aria-current={c.id === openId ? 'true' : undefined}>
              <th scope="row">
                {/* Named outright: visually hidden words are positioned out of the line, and browsers then put
                    a space before their comma in the name. */}
                <button
                  type="button"
                  className="button-link"
                  aria-label={`${c.caseNumber}, open this record`}
                  onClick={() => onOpen(c.id)}
                >
                  {c.caseNumber}
                </button>
                {c.id === openId && <span className="tag"> (open)</span>}
              </th>
              <td>{CASE_STATUS_LABELS[c.status]}</td>
              <td>
                <time dateTime={c.updatedAt}>{formatDateTime(c.updatedAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
