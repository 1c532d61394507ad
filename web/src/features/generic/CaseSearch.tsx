import { useId, useState } from 'react';
import { MESSAGES } from '#contract/index.ts';
import { CASE_MESSAGES, normalizeCaseNumber } from '#contract/cases.ts';
import { ROUTES } from '#contract/index.ts';
import type { CaseSummary } from '#contract/schemas/eservices.ts';
import { emit } from '../../lib/events/bus.ts';
import { genericApi } from './api.ts';
import { RecordList } from './RecordList.tsx';

/** A record of another e-service the user may open: where it is, and the link to it there. */
interface Elsewhere {
  id: string;
  caseNumber: string;
  title: string;
  href: string;
}

type Found =
  | { state: 'idle' }
  | { state: 'found'; cases: CaseSummary[]; elsewhere: Elsewhere[] }
  | { state: 'failed'; message: string };

/**
 * Search the acting profile's records by case number ('Sorry, your search is not successful…' when the
 * call fails). The profile's records of every e-service are searched: one of this e-service is listed to
 * open here; one of another e-service is named with a link to open it there, since saying "no such
 * record" of a record the profile owns would be wrong.
 */
export function CaseSearch({
  appCode,
  caseType,
  signal,
  openId,
  onOpen,
}: {
  appCode: string;
  /** The e-service's own case type, for the example ('PD 000042 2026' only on Payment by Debtor). */
  caseType: string;
  signal: AbortSignal;
  openId: string | null;
  onOpen: (id: string) => void;
}) {
  const id = useId();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<Found>({ state: 'idle' });
  const [year] = useState(() => new Date().getFullYear());

  async function search() {
    const caseNumber = normalizeCaseNumber(input);
    if (!caseNumber) {
      setError(CASE_MESSAGES.badCaseNumberOf(caseType, year));
      setFound({ state: 'idle' });
      return;
    }
    setError(null);
    const outcome = await genericApi.search(caseNumber, undefined, signal);
    if (outcome.ok) {
      const here = outcome.value.filter((c) => c.appCode === appCode);
      return setFound({ state: 'found', cases: here, elsewhere: await locate(outcome.value, appCode, signal) });
    }
    if (outcome.kind === 'aborted' || outcome.kind === 'session') return;
    const message = outcome.kind === 'refused' || outcome.kind === 'fields' ? outcome.message : MESSAGES.searchFailed;
    // A server out of reach has had its toast from the HTTP layer (docs/decisions/0032).
    if (outcome.kind !== 'unreachable') emit('toast', { severity: 'error', message });
    setFound({ state: 'failed', message });
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="case-search">
      <h2 id={`${id}-heading`}>Find a record</h2>
      <form
        role="search"
        aria-labelledby={`${id}-heading`}
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <div className={error ? 'field field-invalid' : 'field'}>
          <label htmlFor={id}>Case number</label>
          <p id={`${id}-hint`} className="form-note">
            {CASE_MESSAGES.caseNumberExample(caseType, year)}
          </p>
          {error && (
            <p id={`${id}-error`} className="field-error">
              <span className="visually-hidden">Error:</span> {error}
            </p>
          )}
          <div className="inline-controls">
            <input
              id={id}
              type="search"
              value={input}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
              onChange={(e) => setInput(e.target.value)}
            />
            <button type="submit">Search</button>
          </div>
        </div>
      </form>
      <div aria-live="polite">
        {found.state === 'failed' && <p className="notice notice-error">{found.message}</p>}
        {found.state === 'found' && found.cases.length === 0 && found.elsewhere.length === 0 && (
          <p>{CASE_MESSAGES.caseNumberNotFound}</p>
        )}
        {found.state === 'found' &&
          found.elsewhere.map((c) => (
            <p key={c.id} className="notice">
              {CASE_MESSAGES.belongsTo(c.caseNumber, c.title)} <a href={c.href}>{CASE_MESSAGES.openIn(c.title)}</a>
            </p>
          ))}
        {found.state === 'found' && found.cases.length > 0 && (
          <RecordList cases={found.cases} openId={openId} onOpen={onOpen} caption="Search result" />
        )}
      </div>
    </section>
  );
}

/**
 * Names the e-services of the records found elsewhere. One the user may no longer use (its catalogue
 * entry refused) is left out, as the record could not be opened there either.
 */
async function locate(cases: CaseSummary[], appCode: string, signal: AbortSignal): Promise<Elsewhere[]> {
  const others = cases.filter((c) => c.appCode !== appCode);
  const titles = new Map<string, string | null>();
  for (const code of new Set(others.map((c) => c.appCode))) {
    const eservice = await genericApi.eservice(code, signal, { quiet: true });
    titles.set(code, eservice.ok ? eservice.value.title : null);
  }
  return others.flatMap((c) => {
    const title = titles.get(c.appCode);
    if (!title) return [];
    const query = new URLSearchParams({ app: c.appCode, case: c.id });
    return [{ id: c.id, caseNumber: c.caseNumber, title, href: `#${ROUTES.generic}?${query}` }];
  });
}
