import { useId, useState } from 'react';
import { MESSAGES } from '../../../../contract/index.ts';
import { CASE_MESSAGES, normalizeCaseNumber } from '../../../../contract/cases.ts';
import type { CaseSummary } from '../../../../contract/schemas/eservices.ts';
import { emit } from '../../lib/events/bus.ts';
import { genericApi } from './api.ts';
import { RecordList } from './RecordList.tsx';

type Found = { state: 'idle' } | { state: 'found'; cases: CaseSummary[] } | { state: 'failed'; message: string };

/** Search this e-service's records by case number ('Sorry, your search is not successful…' when the call fails). */
export function CaseSearch({
  appCode,
  signal,
  openId,
  onOpen,
}: {
  appCode: string;
  signal: AbortSignal;
  openId: string | null;
  onOpen: (id: string) => void;
}) {
  const id = useId();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<Found>({ state: 'idle' });

  async function search() {
    const caseNumber = normalizeCaseNumber(input);
    if (!caseNumber) {
      setError(CASE_MESSAGES.badCaseNumber);
      setFound({ state: 'idle' });
      return;
    }
    setError(null);
    const outcome = await genericApi.search(caseNumber, appCode, signal);
    if (outcome.ok) return setFound({ state: 'found', cases: outcome.value });
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
            For example, PD 000042 2026.
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
        {found.state === 'found' && found.cases.length === 0 && <p>{CASE_MESSAGES.caseNumberNotFound}</p>}
        {found.state === 'found' && found.cases.length > 0 && (
          <RecordList cases={found.cases} openId={openId} onOpen={onOpen} caption="Search result" />
        )}
      </div>
    </section>
  );
}
