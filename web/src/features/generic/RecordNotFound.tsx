import { ROUTES } from '#contract/index.ts';
import { CASE_MESSAGES } from '#contract/cases.ts';
import { PROXY_HEADING_ID } from '../../app/masterParts.ts';

/**
 * The page of a record the address names that could not be opened: what happened and where to go, alone. A new
 * application's form under the error would read as the record's, emptied, and invite filling it in. A master
 * user may have followed a link (the inbox's, an email's) to a record of another profile they act for: the way
 * to switch comes first.
 */
export function RecordNotFound({ message, master }: { message: string; master: boolean }) {
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        {CASE_MESSAGES.notFoundHeading}
      </h1>
      <p className="notice notice-error">{message}</p>
      {master && <p>{CASE_MESSAGES.notFoundOtherProfile}</p>}
      <ul>
        {master && (
          <li>
            <a href={`#${ROUTES.dashboard}#${PROXY_HEADING_ID}`}>{CASE_MESSAGES.notFoundSwitch}</a>
          </li>
        )}
        <li>
          <a href={`#${ROUTES.dashboard}`}>{CASE_MESSAGES.notFoundRecords}</a>
        </li>
      </ul>
    </section>
  );
}
