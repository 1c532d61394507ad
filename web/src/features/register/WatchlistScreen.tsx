import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  REGISTER_CASE_NUMBER,
  REGISTER_MESSAGES,
  REGISTER_SCREEN_TITLES,
  normalizeRegisterCaseNumber,
  type WatchedCase,
} from '../../../../contract/register.ts';
import { TableScroll } from '../../components/table/TableScroll.tsx';
import { useAbortSignal } from '../../lib/http/index.ts';
import type { ScreenProps } from '../../lib/router/router.ts';
import { registerApi } from './api.ts';
import './register.css';

type Notice = { kind: 'ok' | 'error'; message: string } | null;

/**
 * The Insolvency Case Watchlist (ICAWL; docs/decisions/0044): follow a case by its number, see the cases
 * followed, a mark on those that changed since the list was last shown, and stop following.
 */
export default function WatchlistScreen(_props: ScreenProps) {
  const id = useId();
  const signal = useAbortSignal();
  const [cases, setCases] = useState<WatchedCase[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [caseNumber, setCaseNumber] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [generation, setGeneration] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    void registerApi.watchlist(signal).then((outcome) => {
      if (!live || (!outcome.ok && outcome.aborted)) return;
      if (outcome.ok) {
        // A list already shown keeps its marks: the server clears them once it has answered them.
        setCases((shown) => mergeMarks(shown, outcome.value.cases));
        setLoadError(null);
      } else setLoadError(outcome.message);
    });
    return () => {
      live = false;
    };
  }, [signal, generation]);

  const onFollow = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const number = normalizeRegisterCaseNumber(caseNumber);
    if (!REGISTER_CASE_NUMBER.test(number)) {
      setFieldError(REGISTER_MESSAGES.badCaseNumber);
      input.current?.focus();
      return;
    }
    setFieldError(null);
    const outcome = await registerApi.follow(number, signal);
    if (!outcome.ok && outcome.aborted) return;
    setNotice({ kind: outcome.ok ? 'ok' : 'error', message: outcome.message });
    if (outcome.ok) {
      setCaseNumber('');
      setGeneration((g) => g + 1);
    }
  };

  const onUnfollow = async (number: string) => {
    const outcome = await registerApi.unfollow(number, signal);
    if (!outcome.ok && outcome.aborted) return;
    setNotice({ kind: outcome.ok ? 'ok' : 'error', message: outcome.message });
    if (outcome.ok) setCases((shown) => shown?.filter((c) => c.caseNumber !== number) ?? null);
  };

  return (
    <section className="register-screen" aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        {REGISTER_SCREEN_TITLES.ICAWL}
      </h1>
      <p>Follow insolvency cases and see here when one changes.</p>
      <div role="status" className={notice?.kind === 'ok' ? 'success-message' : notice ? 'notice' : undefined}>
        {notice && <p>{notice.message}</p>}
      </div>
      <form className="register-form" noValidate onSubmit={(e) => void onFollow(e)}>
        <div className="field">
          <label htmlFor={`${id}-case`}>Case number to follow</label>
          <p className="form-note" id={`${id}-case-hint`}>
            For example, BS 001234 2024.
          </p>
          {fieldError && (
            <p className="field-error" id={`${id}-case-error`}>
              {fieldError}
            </p>
          )}
          <input
            id={`${id}-case`}
            ref={input}
            type="text"
            autoComplete="off"
            maxLength={40}
            value={caseNumber}
            aria-describedby={`${id}-case-hint${fieldError ? ` ${id}-case-error` : ''}`}
            aria-invalid={Boolean(fieldError) || undefined}
            onChange={(e) => setCaseNumber(e.target.value)}
          />
        </div>
        <button type="submit" className="button">
          Follow
        </button>
      </form>
      <h2>Cases you follow</h2>
      {loadError ? (
        <p className="notice" role="alert">
          {loadError}
        </p>
      ) : cases === null ? (
        <p role="status">Loading your watchlist…</p>
      ) : cases.length === 0 ? (
        <p>You do not follow any case yet. Follow one above, or from a search result.</p>
      ) : (
        <TableScroll label="Cases you follow">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Case number</th>
                <th scope="col">Name</th>
                <th scope="col">Proceeding</th>
                <th scope="col">Status</th>
                <th scope="col">Status since</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {cases.map((c) => (
                <tr key={c.caseNumber}>
                  <td>
                    {c.caseNumber}
                    {c.changed && <span className="register-changed">Changed since you last looked</span>}
                  </td>
                  <td>{c.name}</td>
                  <td>{c.proceedingLabel}</td>
                  <td>{c.statusLabel}</td>
                  <td>{c.statusOn}</td>
                  <td>
                    <button type="button" className="button-link" onClick={() => void onUnfollow(c.caseNumber)}>
                      Stop following <span className="visually-hidden">{c.caseNumber}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/** The new list, keeping the change marks the screen already showed (a reload after following one). */
function mergeMarks(shown: WatchedCase[] | null, fresh: WatchedCase[]): WatchedCase[] {
  if (!shown) return fresh;
  const marked = new Set(shown.filter((c) => c.changed).map((c) => c.caseNumber));
  return fresh.map((c) => (marked.has(c.caseNumber) ? { ...c, changed: true } : c));
}
