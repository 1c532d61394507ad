import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { MESSAGES } from '#contract/catalogue.ts';
import { ROUTES, SITE_NAME } from '#contract/index.ts';
import {
  PARTY_KINDS,
  REGISTER_ID_LABELS,
  REGISTER_LIMITS,
  REGISTER_MESSAGES,
  REGISTER_SCREEN_TITLES,
  REGISTER_SERVICES,
  SEARCH_PURPOSES,
  WATCHLIST_SERVICE,
  nameQueryProblem,
  isSearchableId,
  normalizeIdNumber,
  type EntryAnswer,
  type RegisterService,
  type SearchAnswer,
  type SearchPurpose,
} from '#contract/register.ts';
import { ErrorSummary } from '../../components/form/ErrorSummary.tsx';
import { LoadStatus } from '../../components/load/LoadStatus.tsx';
import { formatDateTime, formatDay } from '../../components/shell/formatMoment.ts';
import { StackedTable } from '../../components/table/StackedTable.tsx';
import { TableScroll } from '../../components/table/TableScroll.tsx';
import { saveBlob } from '../../lib/download.ts';
import { useAbortSignal } from '../../lib/http/useAbortSignal.ts';
import { FAILED, useLoad, type Loadable } from '../../lib/http/useLoad.ts';
import { useAttemptKey } from '../../lib/useAttemptKey.ts';
import { buildHref } from '../../lib/router/location.ts';
import { identity } from '../../lib/session/index.ts';
import type { ScreenProps } from '../../lib/router/router.ts';
import { registerApi, type Outcome } from './api.ts';
import './register.css';

/** The results' columns, in order. */
const RESULT_COLUMNS = ['Name', 'Identification', 'Case number', 'Proceeding', 'Status'] as const;

const isService = (value: string | null): value is RegisterService =>
  (REGISTER_SERVICES as readonly string[]).includes(value ?? '');

/** A load as LoadStatus shows it: a refusal is a failure, in the server's own words. */
function shown<T>(state: Loadable<Outcome<T>>): { state: Loadable<T>; failed: string } {
  if (state.kind !== 'ready') return { state, failed: MESSAGES.searchFailed };
  const outcome = state.value;
  return outcome.ok
    ? { state: { kind: 'ready', value: outcome.value }, failed: '' }
    : { state: FAILED, failed: outcome.message };
}

/** What was sent from the search form, to find it again on the way back from its results. */
interface KeptSearch {
  /** Whose input it is: another user, or another profile acted for, signed in in this tab later gets none. */
  owner: string;
  service: RegisterService;
  by: 'name' | 'id';
  query: string;
  purpose: SearchPurpose;
  otherPurpose: string;
}

const KEPT = 'registerSearch';

function ownerNow(): string {
  const user = identity.current();
  return user ? `${user.loginName}/${user.ptibProfileID}` : '';
}

/**
 * The search's input is kept in the history entries of the search (this tab's session history): not in the
 * address, where names and numbers must not go (docs/decisions/0043), nor in storage that outlives the tab.
 */
function readKept(service?: RegisterService): KeptSearch | null {
  const state: unknown = window.history.state;
  const kept: unknown = state !== null && typeof state === 'object' ? (state as Record<string, unknown>)[KEPT] : null;
  if (kept === null || typeof kept !== 'object') return null;
  const k = kept as Partial<Record<keyof KeptSearch, unknown>>;
  const valid =
    k.owner === ownerNow() &&
    isService(typeof k.service === 'string' ? k.service : null) &&
    (k.by === 'name' || k.by === 'id') &&
    typeof k.query === 'string' &&
    typeof k.purpose === 'string' &&
    Object.hasOwn(SEARCH_PURPOSES, k.purpose) &&
    typeof k.otherPurpose === 'string';
  return valid && (service === undefined || k.service === service) ? (kept as KeptSearch) : null;
}

function keep(kept: KeptSearch): void {
  const state: unknown = window.history.state;
  window.history.replaceState({ ...(state !== null && typeof state === 'object' ? state : {}), [KEPT]: kept }, '');
}

/** Goes to `href` in a new history entry that keeps the input too. */
function goKeeping(href: string, kept: KeptSearch): void {
  // The hash changes the current entry at once (the router hears of it later): the new entry gets the input.
  window.location.hash = href;
  keep(kept);
}

/** Opens a link of the search's own pages in a new history entry that keeps what the form sent. */
function followKeeping(event: MouseEvent<HTMLAnchorElement>): void {
  const kept = readKept();
  const href = event.currentTarget.getAttribute('href');
  if (!kept || !href || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  goKeeping(href, kept);
}

/**
 * The insolvency register's search (PIS, BIS; docs/decisions/0043). One screen, three views by address:
 * the search form; a search's results (?ref=&page=), each page its own address; one result (?ref=&case=),
 * with its extract and a way to follow the case.
 */
export default function RegisterScreen({ location }: ScreenProps) {
  const app = location.query.get('app');
  const service: RegisterService = isService(app) ? app : 'PIS';
  const ref = location.query.get('ref');
  const caseNumber = location.query.get('case');
  // The tab names the service the heading does (WCAG 2.4.2): the route's title is the same for both.
  useEffect(() => {
    document.title = `${REGISTER_SCREEN_TITLES[service]} | ${SITE_NAME}`;
  }, [service]);
  // A whole page within what a search keeps: the server refuses anything else with words meant for developers.
  const page = Math.min(
    Math.ceil(REGISTER_LIMITS.MAX_RESULTS / REGISTER_LIMITS.PAGE_SIZE),
    Math.max(1, Math.trunc(Number(location.query.get('page'))) || 1),
  );
  return (
    <section className="register-screen" aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        {REGISTER_SCREEN_TITLES[service]}
      </h1>
      {ref && caseNumber ? (
        <EntryView service={service} reference={ref} caseNumber={caseNumber} />
      ) : ref ? (
        <ResultsView service={service} reference={ref} page={page} />
      ) : (
        <SearchForm service={service} />
      )}
    </section>
  );
}

interface FormErrors {
  query?: string;
  purpose?: string;
  otherPurpose?: string;
  form?: string;
}

function SearchForm({ service }: { service: RegisterService }) {
  const id = useId();
  const signal = useAbortSignal();
  // Back from this search's results (the browser's Back or the results' own links): the form as it was sent.
  const [kept] = useState(() => readKept(service));
  const [by, setBy] = useState<'name' | 'id'>(kept?.by ?? 'name');
  const [query, setQuery] = useState(kept?.query ?? '');
  const [purpose, setPurpose] = useState<SearchPurpose | ''>(kept?.purpose ?? '');
  const [otherPurpose, setOtherPurpose] = useState(kept?.otherPurpose ?? '');
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  /** A search sent again after its answer was lost is the same attempt: recorded and counted once. */
  const attempts = useAttemptKey();
  /** Each search that ends in problems: the error summary takes the focus. */
  const [attempt, setAttempt] = useState(0);
  /**
   * A search refused for no fault of what was typed (too many searches, no answer): no validation error, so
   * not the error summary; a notice that takes the focus, the form kept as typed.
   */
  const [problem, setProblem] = useState('');
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);
  /** A field that goes (or becomes another) takes its problem with it: the summary would point at nothing. */
  const dropError = (field: keyof FormErrors) =>
    setErrors((now) => {
      if (!now[field]) return now;
      const { [field]: _gone, ...rest } = now;
      return rest;
    });
  const searchBy = (next: 'name' | 'id') => {
    if (next !== by) dropError('query');
    setBy(next);
  };
  const choosePurpose = (next: SearchPurpose) => {
    if (next !== 'other') dropError('otherPurpose');
    setPurpose(next);
  };
  const badId = service === 'PIS' ? REGISTER_MESSAGES.badIdPis : REGISTER_MESSAGES.badIdBis;
  const purposes = Object.keys(SEARCH_PURPOSES) as SearchPurpose[];

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const next: FormErrors = {};
    if (!query.trim()) next.query = REGISTER_MESSAGES.queryRequired;
    else if (by === 'id' && !isSearchableId(service, normalizeIdNumber(query))) next.query = badId;
    else if (by === 'name') {
      const problem = nameQueryProblem(query);
      if (problem) next.query = problem;
    }
    if (!purpose) next.purpose = REGISTER_MESSAGES.purposeRequired;
    else if (purpose === 'other' && !otherPurpose.trim()) next.otherPurpose = REGISTER_MESSAGES.otherPurposeRequired;
    setErrors(next);
    setProblem('');
    if (Object.keys(next).length > 0 || !purpose) {
      setAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    const terms = { service, by, query, purpose, ...(purpose === 'other' ? { otherPurpose } : {}) };
    const request = JSON.stringify(terms);
    const attemptKey = attempts.keyFor(request);
    const outcome = await registerApi.search({ ...terms, attemptKey }, signal);
    if (signal.aborted) return;
    attempts.settle(request, attemptKey, outcome.ok || !outcome.unanswered);
    setBusy(false);
    if (!outcome.ok) {
      if (outcome.badRequest) {
        setErrors({ form: outcome.message });
        setAttempt((n) => n + 1);
      } else setProblem(outcome.message);
      return;
    }
    const sent: KeptSearch = {
      owner: ownerNow(),
      service,
      by,
      query,
      purpose,
      otherPurpose: purpose === 'other' ? otherPurpose : '',
    };
    // The form's own entry keeps it for Back, the results' entry for their links.
    keep(sent);
    goKeeping(buildHref(ROUTES.register, { app: service, ref: outcome.value.reference }), sent);
  };

  const problems = Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as Record<
    string,
    string
  >;
  const problemFieldId = (path: string) =>
    ({ query: `${id}-query`, purpose: `${id}-purpose-${purposes[0]}`, otherPurpose: `${id}-other` })[path] ?? null;
  const idLabel = REGISTER_ID_LABELS[service];
  return (
    <>
      <p>
        {service === 'PIS'
          ? 'Find out whether a person is subject to bankruptcy or a debt repayment scheme.'
          : 'Find out whether a person or a business is subject to insolvency proceedings.'}{' '}
        Every search is recorded with its purpose.
      </p>
      <ErrorSummary errors={problems} attempt={attempt} idFor={problemFieldId} />
      {problem && (
        <div ref={problemRef} className="notice notice-error" role="alert" tabIndex={-1}>
          <p>{problem}</p>
        </div>
      )}
      <form className="register-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <fieldset>
          <legend>Search by</legend>
          <label className="field-choice">
            <input type="radio" name="by" value="name" checked={by === 'name'} onChange={() => searchBy('name')} /> Name
          </label>
          <label className="field-choice">
            <input type="radio" name="by" value="id" checked={by === 'id'} onChange={() => searchBy('id')} /> {idLabel}
          </label>
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-query`}>{by === 'name' ? 'Name to search for' : `${idLabel} to search for`}</label>
          <p className="form-note" id={`${id}-query-hint`}>
            {by === 'name'
              ? 'The full name in any order; small spelling differences are found too.'
              : 'For example, S1234567D.'}
          </p>
          {errors.query && (
            <p className="field-error" id={`${id}-query-error`}>
              {errors.query}
            </p>
          )}
          <input
            id={`${id}-query`}
            name="query"
            type="text"
            autoComplete="off"
            maxLength={REGISTER_LIMITS.QUERY_MAX}
            value={query}
            aria-describedby={`${id}-query-hint${errors.query ? ` ${id}-query-error` : ''}`}
            aria-invalid={Boolean(errors.query) || undefined}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <fieldset aria-describedby={errors.purpose ? `${id}-purpose-error` : undefined}>
          <legend>Purpose of search</legend>
          {errors.purpose && (
            <p className="field-error" id={`${id}-purpose-error`}>
              {errors.purpose}
            </p>
          )}
          {purposes.map((value) => (
            <label className="field-choice" key={value}>
              <input
                id={`${id}-purpose-${value}`}
                type="radio"
                name="purpose"
                value={value}
                checked={purpose === value}
                onChange={() => choosePurpose(value)}
              />{' '}
              {SEARCH_PURPOSES[value]}
            </label>
          ))}
        </fieldset>
        {purpose === 'other' && (
          <div className="field">
            <label htmlFor={`${id}-other`}>Describe the purpose</label>
            {errors.otherPurpose && (
              <p className="field-error" id={`${id}-other-error`}>
                {errors.otherPurpose}
              </p>
            )}
            <textarea
              id={`${id}-other`}
              name="otherPurpose"
              maxLength={REGISTER_LIMITS.PURPOSE_TEXT_MAX}
              value={otherPurpose}
              aria-describedby={errors.otherPurpose ? `${id}-other-error` : undefined}
              aria-invalid={Boolean(errors.otherPurpose) || undefined}
              onChange={(e) => setOtherPurpose(e.target.value)}
            />
          </div>
        )}
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? 'Searching…' : 'Search the register'}
        </button>
      </form>
    </>
  );
}

function ResultsView({ service, reference, page }: { service: RegisterService; reference: string; page: number }) {
  const load = useLoad(`${reference}|${page}`, (signal) => registerApi.page(reference, page, signal));
  const { state, failed } = shown(load.state);
  const newSearch = (
    <a href={buildHref(ROUTES.register, { app: service })} onClick={followKeeping}>
      New search
    </a>
  );
  if (state.kind === 'failed')
    return (
      <>
        <LoadStatus state={state} loading="" failed={failed} />
        <p>{newSearch}</p>
      </>
    );
  const answer: SearchAnswer | null = state.kind === 'ready' ? state.value : null;
  const last = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
  const hrefFor = (p: number) => buildHref(ROUTES.register, { app: service, ref: reference, page: p });
  return (
    <>
      {/* One status, there from the start, whose words change: a live region added already holding the count
          is often not read out, and the focus stays on the heading the form had, so nothing else says it. */}
      <p role="status" aria-busy={!answer}>
        {!answer ? (
          'Loading the results…'
        ) : (
          <>
            {answer.total === 0
              ? REGISTER_MESSAGES.noResults(answer.service, answer.by, answer.query)
              : `${answer.total} ${answer.total === 1 ? 'entry matches' : 'entries match'} “${answer.query}”${answer.closestOnly ? ' (the closest shown; give more of the name to narrow the search)' : ''}.`}{' '}
            Searched {formatDateTime(answer.searchedAt)}, reference {answer.reference}.
          </>
        )}
      </p>
      {answer && answer.results.length > 0 && (
        <TableScroll label="Search results">
          {/* On a phone its rows stack, the status in sight. */}
          <StackedTable
            caption={`Entries of the insolvency register, best match first, page ${answer.page} of ${last}`}
            captionClassName="visually-hidden"
            columns={RESULT_COLUMNS}
            rows={answer.results}
            rowKey={(r) => r.caseNumber}
            cells={(r) => [
              <>
                <a
                  href={buildHref(ROUTES.register, { app: service, ref: reference, case: r.caseNumber })}
                  onClick={followKeeping}
                >
                  {r.name}
                </a>
                {r.aliases.length > 0 && <span className="register-aliases">Also known as {r.aliases.join('; ')}</span>}
              </>,
              r.idNumber,
              r.caseNumber,
              r.proceedingLabel,
              r.statusLabel,
            ]}
          />
        </TableScroll>
      )}
      {answer && last > 1 && (
        <nav className="register-pager" aria-label="Result pages">
          {answer.page > 1 && (
            <a href={hrefFor(answer.page - 1)} rel="prev" onClick={followKeeping}>
              Previous page
            </a>
          )}
          <span>
            Page {answer.page} of {last}
          </span>
          {answer.page < last && (
            <a href={hrefFor(answer.page + 1)} rel="next" onClick={followKeeping}>
              Next page
            </a>
          )}
        </nav>
      )}
      {answer && <p>{newSearch}</p>}
    </>
  );
}

function EntryView({
  service,
  reference,
  caseNumber,
}: {
  service: RegisterService;
  reference: string;
  caseNumber: string;
}) {
  const signal = useAbortSignal();
  const load = useLoad(`${reference}|${caseNumber}`, (s) => registerApi.entry(reference, caseNumber, s));
  const { state, failed } = shown(load.state);
  const [following, setFollowing] = useState<boolean | null>(null);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  // Follow this case becomes a link once followed: the focus goes to the link, not to the page's start.
  const followingLink = useRef<HTMLAnchorElement>(null);
  const [focusFollowing, setFocusFollowing] = useState(false);
  // A follow waiting for its answer: a second press must not follow again (and answer "already").
  const followPending = useRef(false);
  useEffect(() => {
    if (focusFollowing) followingLink.current?.focus();
  }, [focusFollowing]);
  const back = (
    <a href={buildHref(ROUTES.register, { app: service, ref: reference })} onClick={followKeeping}>
      Back to the results
    </a>
  );
  if (state.kind !== 'ready')
    return (
      <>
        <LoadStatus state={state} loading="Loading the entry…" failed={failed} />
        {state.kind === 'failed' && <p>{back}</p>}
      </>
    );
  const answer: EntryAnswer = state.value;
  const { entry } = answer;
  const isFollowing = following ?? answer.following;

  const download = async () => {
    const outcome = await registerApi.extract(reference, entry.caseNumber, signal);
    if (outcome.ok) saveBlob(outcome.value, `register-extract-${entry.caseNumber.replace(/\s+/g, '-')}.pdf`);
    else if (!outcome.aborted) setNotice({ kind: 'error', message: outcome.message });
  };
  const follow = async (button: HTMLButtonElement) => {
    if (followPending.current) return;
    followPending.current = true;
    const outcome = await registerApi
      .follow(entry.caseNumber, signal, reference)
      .finally(() => (followPending.current = false));
    if (!outcome.ok && outcome.aborted) return;
    if (outcome.ok) {
      setFollowing(true);
      const active = document.activeElement;
      setFocusFollowing(active === button || active === null || active === document.body);
    }
    setNotice({ kind: outcome.ok ? 'ok' : 'error', message: outcome.message });
  };

  return (
    <>
      <h2>{entry.name}</h2>
      <dl className="register-entry">
        <dt>Also known as</dt>
        <dd>{entry.aliases.length > 0 ? entry.aliases.join('; ') : 'None recorded'}</dd>
        <dt>{entry.partyKind === 'individual' ? 'NRIC or FIN' : 'UEN'}</dt>
        <dd>{entry.idNumber}</dd>
        <dt>Party</dt>
        <dd>{PARTY_KINDS[entry.partyKind]}</dd>
        <dt>Case number</dt>
        <dd>{entry.caseNumber}</dd>
        <dt>Proceeding</dt>
        <dd>{entry.proceedingLabel}</dd>
        <dt>Status</dt>
        <dd>{entry.statusLabel}</dd>
        <dt>Filed on</dt>
        <dd>{formatDay(entry.filedOn)}</dd>
        <dt>Status since</dt>
        <dd>{formatDay(entry.statusOn)}</dd>
        <dt>Trustee or official assignee</dt>
        <dd>{entry.administrator}</dd>
        <dt>Search</dt>
        <dd>
          {formatDateTime(answer.searchedAt)}, reference {answer.reference}
        </dd>
      </dl>
      <div role="status" className={notice?.kind === 'ok' ? 'success-message' : notice ? 'notice' : undefined}>
        {notice && <p>{notice.message}</p>}
      </div>
      <div className="register-actions">
        <button type="button" className="button" onClick={() => void download()}>
          Download the extract (PDF)
        </button>
        {isFollowing ? (
          <a
            ref={followingLink}
            className="button button-secondary"
            href={buildHref(ROUTES.watchlist, { app: WATCHLIST_SERVICE })}
          >
            Following: open your watchlist
          </a>
        ) : (
          <button type="button" className="button button-secondary" onClick={(e) => void follow(e.currentTarget)}>
            Follow this case
          </button>
        )}
      </div>
      <p>{back}</p>
    </>
  );
}
