import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  REGISTER_CASE_NUMBER,
  REGISTER_MESSAGES,
  REGISTER_SCREEN_TITLES,
  normalizeRegisterCaseNumber,
} from '#contract/register.ts';
import { LoadStatus } from '../../components/load/LoadStatus.tsx';
import { formatDay } from '../../components/shell/formatMoment.ts';
import { TableScroll } from '../../components/table/TableScroll.tsx';
import { useAbortSignal } from '../../lib/http/useAbortSignal.ts';
import { FAILED, useLoad } from '../../lib/http/useLoad.ts';
import type { ScreenProps } from '../../lib/router/router.ts';
import { registerApi } from './api.ts';
import './register.css';
import { useFocusWhenLost } from '../../lib/useFocusWhenLost.ts';

type Notice = { kind: 'ok' | 'error'; message: string } | null;

/**
 * The Insolvency Case Watchlist (ICAWL; docs/decisions/0044): follow a case by its number, see the cases
 * followed, a mark on those that changed since the list was last shown, and stop following.
 */
export default function WatchlistScreen(_props: ScreenProps) {
  const id = useId();
  const signal = useAbortSignal();
  const [caseNumber, setCaseNumber] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  /** Cases stopped here since the list was loaded: gone from it without asking again. */
  const [stopped, setStopped] = useState<ReadonlySet<string>>(new Set());
  const input = useRef<HTMLInputElement>(null);
  // A case stopped takes its Stop following button with it: the focus goes to the list (or, when it is
  // empty now, to its heading), not to the page's start.
  const list = useRef<HTMLDivElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const [stoppedHere, setStoppedHere] = useState(0);
  const inList = () => list.current?.querySelector<HTMLElement>('[role="region"]') ?? listHeading.current;
  useFocusWhenLost(stoppedHere, inList);
  /**
   * Cases shown marked as changed: a list already shown keeps its marks, though the server clears them
   * once it has answered them (a reload after following one).
   */
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());
  // Reloaded after following one: the list stays on screen meanwhile.
  const { state: loaded, retry: reload } = useLoad(
    'watchlist',
    async (s) => {
      const outcome = await registerApi.watchlist(s);
      if (outcome.ok) {
        const changed = outcome.value.cases.filter((c) => c.changed).map((c) => c.caseNumber);
        setMarked((known) => new Set([...known, ...changed]));
      }
      return outcome;
    },
    { keep: true },
  );
  // A Stop following refused is followed by the list as the server holds it, which may have lost that case's
  // button (stopped in another tab): once that list is shown, a focus lost with it goes to the list too.
  const refusedOver = useRef<typeof loaded | null>(null);
  const [shownAgain, setShownAgain] = useState(0);
  useEffect(() => {
    if (refusedOver.current === null || loaded === refusedOver.current || loaded.kind !== 'ready') return;
    refusedOver.current = null;
    setShownAgain((n) => n + 1);
  }, [loaded]);
  useFocusWhenLost(shownAgain, inList);
  const listed = loaded.kind === 'ready' && loaded.value.ok ? loaded.value.value.cases : null;
  const cases =
    listed
      ?.filter((c) => !stopped.has(c.caseNumber))
      .map((c) => (marked.has(c.caseNumber) ? { ...c, changed: true } : c)) ?? null;
  const failed = loaded.kind === 'ready' && !loaded.value.ok ? loaded.value.message : REGISTER_MESSAGES.watchlistFailed;

  // A follow waiting for its answer: Enter pressed again, or a double tap, must not follow a second time
  // (whose answer, "You already follow this case.", would replace the first's).
  const following = useRef(false);
  const onFollow = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (following.current) return;
    const number = normalizeRegisterCaseNumber(caseNumber);
    if (!REGISTER_CASE_NUMBER.test(number)) {
      // The last follow's outcome is about another case number: beside this refusal it would mislead.
      setNotice(null);
      setFieldError(REGISTER_MESSAGES.badCaseNumber);
      input.current?.focus();
      return;
    }
    setFieldError(null);
    following.current = true;
    const outcome = await registerApi.follow(number, signal).finally(() => (following.current = false));
    if (!outcome.ok && outcome.aborted) return;
    setNotice({ kind: outcome.ok ? 'ok' : 'error', message: outcome.message });
    if (outcome.ok) {
      setCaseNumber('');
      setStopped((gone) => new Set([...gone].filter((c) => c !== number)));
      reload();
    }
  };

  const onUnfollow = async (number: string) => {
    const outcome = await registerApi.unfollow(number, signal);
    if (!outcome.ok && outcome.aborted) return;
    setNotice({ kind: outcome.ok ? 'ok' : 'error', message: outcome.message });
    if (outcome.ok) {
      setStopped((gone) => new Set(gone).add(number));
      setStoppedHere((n) => n + 1);
    }
    // Refused: the list is not what the server holds (stopped in another tab, say): shown again as it is.
    else if (outcome.refused) {
      refusedOver.current = loaded;
      reload();
    }
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
      <h2 ref={listHeading} tabIndex={-1}>
        Cases you follow
      </h2>
      <div ref={list}>
        {cases === null ? (
          <LoadStatus
            state={loaded.kind === 'ready' ? FAILED : loaded}
            loading="Loading your watchlist…"
            failed={failed}
          />
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
                </tr>
              </thead>
              <tbody>
                {cases.map((c) => (
                  <tr key={c.caseNumber}>
                    <td>
                      {c.caseNumber}
                      {c.changed && <span className="register-changed">Changed since you last looked</span>}
                      {/* In the first column, not a last one of its own: a phone shows the table's start
                          only, and the row's one action must not need a sideways scroll to be found. */}
                      <button
                        type="button"
                        className="button-link register-unfollow"
                        onClick={() => void onUnfollow(c.caseNumber)}
                      >
                        Stop following <span className="visually-hidden">{c.caseNumber}</span>
                      </button>
                    </td>
                    <td>{c.name}</td>
                    <td>{c.proceedingLabel}</td>
                    <td>{c.statusLabel}</td>
                    <td>{formatDay(c.statusOn)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </div>
    </section>
  );
}
