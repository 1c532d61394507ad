import { FORM_TEXT } from '#contract/forms/index.ts';
import { cappedCount } from '#contract/counts.ts';
import type { RecordList as Records } from '#contract/schemas/eservices.ts';
import { LoadStatus } from '../../components/load/LoadStatus.tsx';
import { FAILED, LOADING } from '../../lib/http/useLoad.ts';
import { CaseSearch } from './CaseSearch.tsx';
import { RecordList } from './RecordList.tsx';

/**
 * "Your records" and the search for one by case number, under a record's view and the form's first page.
 * `cases` is null until the list is in; when it could not be fetched that is said in its place, with Try
 * again (`onRetry`).
 */
export function YourRecords({
  cases,
  failed,
  onRetry,
  openId,
  onOpen,
  title,
  appCode,
  caseType,
  signal,
}: {
  /** The latest records and how many there are in all. */
  cases: Records | null;
  failed: boolean;
  onRetry: () => void;
  openId: string | null;
  onOpen: (id: string) => void;
  /** The e-service's title, for the table's caption. */
  title: string;
  appCode: string;
  /** The e-service's case type, for the search's example. */
  caseType: string;
  signal: AbortSignal;
}) {
  return (
    <>
      <section aria-labelledby="records-heading" className="records">
        <h2 id="records-heading">Your records</h2>
        {cases === null ? (
          <LoadStatus
            state={failed ? FAILED : LOADING}
            loading="Loading your records…"
            failed={FORM_TEXT.recordsFailed}
            retry={onRetry}
          />
        ) : cases.cases.length === 0 ? (
          <p>You have no records for this e-service yet.</p>
        ) : (
          <>
            {cases.total > cases.cases.length && (
              <p>{FORM_TEXT.recordsShown(cases.cases.length, cappedCount(cases.total))}</p>
            )}
            <RecordList
              cases={cases.cases}
              openId={openId}
              onOpen={onOpen}
              caption={`Your ${title} records, newest first`}
            />
          </>
        )}
      </section>
      <CaseSearch appCode={appCode} caseType={caseType} signal={signal} openId={openId} onOpen={onOpen} />
    </>
  );
}
