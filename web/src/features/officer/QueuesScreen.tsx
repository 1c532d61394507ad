import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CASE_STATUS_LABELS, type CaseStatus } from '#contract/cases.ts';
import {
  BULK_ACTION_STATUSES,
  BULK_ACTIONS_BY_QUEUE,
  QUEUE_COUNT_CAP,
  OFFICER_ACTION_LABELS,
  OFFICER_MESSAGES,
  OFFICER_QUEUE_LABELS,
  OFFICER_QUEUES,
  OFFICER_QUEUE_STATUSES,
  QUEUE_PAGE_SIZE_DEFAULT,
  type BulkAction,
  type BulkResult,
  type OfficerQueue,
  type QueueItem,
  type QueuePage,
} from '#contract/officer.ts';
import { OFFICER_SCREEN_TEXT as TEXT } from '#contract/officerScreens.ts';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog.tsx';
import { LoadStatus } from '../../components/load/LoadStatus.tsx';
import { TableScroll } from '../../components/table/TableScroll.tsx';
import { useAbortSignal } from '../../lib/http/useAbortSignal.ts';
import { useOneAtATime } from '../../lib/useOneAtATime.ts';
import { useAttemptKey } from '../../lib/useAttemptKey.ts';
import { useLoad } from '../../lib/http/useLoad.ts';
import type { ScreenProps } from '../../lib/router/router.ts';
import { officerApi, type Failure } from './api.ts';
import { failureMessage, isAnswer, shownLoad } from './outcomes.ts';
import {
  AGE_FILTERS,
  DEFAULT_VIEW,
  countText,
  pageCount,
  queueCall,
  caseHref,
  viewHref,
  readQueueView,
  withChange,
  type QueueView,
} from './queueQuery.ts';
import { formatDay } from '../../components/shell/formatMoment.ts';

const NONE: ReadonlySet<string> = new Set();

/** Whether a bulk action can act on a case of the queue: one of another status would only be refused. */
const canBulk = (action: BulkAction, item: QueueItem) => BULK_ACTION_STATUSES[action].includes(item.status);

/**
 * #/officer: the queues (new, mine, waiting for the applicant, decided) with their counts, filters, sort,
 * paging and find; overdue cases are marked in words, not colour alone; bulk assign and approve, each
 * case answered on its own.
 */
export function QueuesScreen({ location }: ScreenProps) {
  const view = readQueueView(location.query);
  const viewKey = JSON.stringify(view);
  const signal = useAbortSignal();
  // Reloaded after a bulk action: the page stays on screen meanwhile.
  const load = useLoad(viewKey, (s) => officerApi.queue(queueCall(view, QUEUE_PAGE_SIZE_DEFAULT), s), { keep: true });
  const loaded = shownLoad(load.state);
  const { state: catalogue } = useLoad('eservices', (s) => officerApi.eservices(s));
  // A selection belongs to the view it was made in: another queue or page starts with none.
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: '', ids: new Set() });
  const selected = selection.key === viewKey ? selection.ids : NONE;
  const setSelected = (ids: ReadonlySet<string>) => setSelection({ key: viewKey, ids });
  /** The case numbers a bulk approval is about to decide, while the officer is asked to confirm it. */
  const [confirmingApproval, setConfirmingApproval] = useState<string[] | null>(null);
  /** A bulk action's answer, with the case numbers of its cases as they were when it was sent. */
  const [results, setResults] = useState<{
    action: BulkAction;
    list: BulkResult['results'];
    caseNumbers: ReadonlyMap<string, string>;
  } | null>(null);
  const [bulkError, setBulkError] = useState<string | null>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  /** A bulk action on its way: a second press would find every case done and report "0 of n cases done". */
  const acting = useOneAtATime();
  /** Pressed again on the same cases after no answer, a bulk action is the same attempt, with its key. */
  const attempts = useAttemptKey();

  useEffect(() => {
    if (results || bulkError) resultsRef.current?.focus();
  }, [results, bulkError]);

  const go = (v: QueueView) => {
    window.location.hash = viewHref(v);
  };

  function onFilter(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    go(
      withChange(view, {
        appCode: text('app'),
        status: text('status'),
        minAgeDays: text('age'),
        sort: text('sort') === 'dueDate' ? 'dueDate' : 'age',
      }),
    );
  }

  function onFind(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    go(withChange(view, { find: String(new FormData(e.currentTarget).get('find') ?? '').trim() }));
  }

  async function bulk(action: BulkAction, confirmed = false) {
    if (loaded.state.kind !== 'ready' || acting.busy()) return;
    const chosen = loaded.state.value.items.filter((i) => selected.has(i.id) && canBulk(action, i));
    const cases = chosen.map((i) => ({ id: i.id, version: i.version }));
    // Kept now: the queue is loaded again after the action, and the cases it moved are no longer in it.
    const caseNumbers = new Map(chosen.map((i) => [i.id, i.caseNumber]));
    setResults(null);
    if (cases.length === 0) {
      setBulkError(OFFICER_MESSAGES.selectCasesFirst);
      return;
    }
    setBulkError(null);
    // Approvals are final decisions, asked once more, naming the cases (docs/decisions/0070).
    if (action === 'approve' && !confirmed) {
      setConfirmingApproval([...caseNumbers.values()]);
      return;
    }
    const sent = JSON.stringify([action, cases]);
    const actionKey = attempts.keyFor(sent);
    const outcome = await acting.run(() => officerApi.bulk({ action, cases, actionKey }, signal));
    attempts.settle(sent, actionKey, isAnswer(outcome));
    if (outcome.ok) {
      setResults({ action, list: outcome.value, caseNumbers });
      setSelected(new Set());
      load.retry();
    } else if (outcome.kind === 'unreachable')
      // The HTTP layer's toast has said why (docs/decisions/0032): the page says which action, not that again.
      setBulkError(OFFICER_MESSAGES.actionUnconfirmed(action));
    else if (outcome.kind !== 'aborted' && outcome.kind !== 'session') setBulkError(failureMessage(outcome as Failure));
  }

  const page: QueuePage | null = loaded.state.kind === 'ready' ? loaded.state.value : null;
  // Every e-service to filter by; without that list (it failed), at least those on the page.
  const eservices: Array<[string, string]> =
    catalogue.kind === 'ready' && catalogue.value.ok
      ? catalogue.value.value.map((e) => [e.code, e.title])
      : page
        ? [...new Map(page.items.map((i) => [i.appCode, i.eserviceTitle])).entries()]
        : [];
  if (view.appCode && !eservices.some(([code]) => code === view.appCode)) eservices.push([view.appCode, view.appCode]);

  return (
    <section aria-labelledby="page-heading" className="officer">
      <h1 id="page-heading" tabIndex={-1}>
        {TEXT.queuesHeading}
      </h1>
      <nav aria-label="Queues" className="queue-tabs">
        <ul>
          {OFFICER_QUEUES.map((q) => (
            <li key={q}>
              <a
                href={viewHref({ ...withChange(view, { queue: q }), status: '' })}
                aria-current={q === view.queue ? 'page' : undefined}
              >
                {OFFICER_QUEUE_LABELS[q]}{' '}
                <span className="queue-count">({page ? countText(page.counts[q]) : '…'})</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <form role="search" aria-label="Find a case" className="queue-find" onSubmit={onFind}>
        <label htmlFor="queue-find">Case number or applicant name</label>
        <input
          id="queue-find"
          name="find"
          type="search"
          defaultValue={view.find}
          maxLength={100}
          key={`f-${view.find}`}
        />
        <button type="submit">Find</button>
        {view.find && (
          <a href={viewHref(withChange(view, { find: '' }))}>
            Clear <span className="visually-hidden">the search for {view.find}</span>
          </a>
        )}
      </form>

      {page?.found && <FoundElsewhere found={page.found} view={view} />}
      {page?.foundCase && !page.items.some((i) => i.id === page.foundCase!.id) && (
        <p className="queue-found-case">
          {TEXT.foundCase(page.foundCase.caseNumber, CASE_STATUS_LABELS[page.foundCase.status])}{' '}
          <a href={caseHref(page.foundCase.id, view)}>{TEXT.openFoundCase(page.foundCase.caseNumber)}</a>
        </p>
      )}

      <form aria-label="Filter and sort" className="queue-filters" onSubmit={onFilter} key={viewKey}>
        <div className="field">
          <label htmlFor="queue-app">E-service</label>
          <select id="queue-app" name="app" defaultValue={view.appCode}>
            <option value="">All e-services</option>
            {eservices.map(([code, title]) => (
              <option key={code} value={code}>
                {title}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="queue-status">Status</label>
          <select id="queue-status" name="status" defaultValue={view.status}>
            <option value="">Any status</option>
            {/* Only those the queue can hold: "Approved" in "Assigned to me" could only show no cases. */}
            {OFFICER_QUEUE_STATUSES[view.queue].map((s) => (
              <option key={s} value={s}>
                {CASE_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="queue-age">Age</label>
          <select id="queue-age" name="age" defaultValue={view.minAgeDays}>
            {AGE_FILTERS.map((a) => (
              <option key={a} value={a}>
                {a ? `${a} days or older` : 'Any age'}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="queue-sort">Sort by</label>
          <select id="queue-sort" name="sort" defaultValue={view.sort}>
            <option value="age">Age, oldest first</option>
            <option value="dueDate">Due date, soonest first</option>
          </select>
        </div>
        <button type="submit" className="button-secondary">
          Apply
        </button>
      </form>

      <div ref={resultsRef} tabIndex={-1} className="bulk-results">
        {bulkError && (
          <p role="alert" className="notice notice-error">
            {bulkError}
          </p>
        )}
        {results && (
          <div role="status">
            <h2>{OFFICER_MESSAGES.bulkDone(results.list.filter((r) => r.ok).length, results.list.length)}</h2>
            <ul>
              {results.list.map((r) => (
                <li key={r.id}>
                  <a href={caseHref(r.id, view)}>{results.caseNumbers.get(r.id) ?? `Case ${r.id}`}</a>:{' '}
                  {r.ok ? r.message : <strong>Not done. {r.message}</strong>}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>

      <LoadStatus state={loaded.state} loading="Loading the queue…" failed={loaded.failed} retry={load.retry} />
      {page && (
        <QueueTable
          page={page}
          view={view}
          selected={selected}
          onSelect={setSelected}
          onBulk={(action) => void bulk(action)}
        />
      )}
      {confirmingApproval && (
        <ConfirmDialog
          title={TEXT.confirmBulkApprove(confirmingApproval.length)}
          message={TEXT.confirmBulkDecision(confirmingApproval)}
          confirmLabel={OFFICER_ACTION_LABELS.approve}
          onConfirm={() => {
            setConfirmingApproval(null);
            void bulk('approve', true);
          }}
          onCancel={() => setConfirmingApproval(null)}
        />
      )}
    </section>
  );
}

/**
 * The other queues holding cases the find matches (the filters aside, which the links leave out too): a
 * case looked for in the wrong queue is one click away, not "no cases here".
 */
function FoundElsewhere({ found, view }: { found: Record<OfficerQueue, number>; view: QueueView }) {
  const others = OFFICER_QUEUES.filter((q) => q !== view.queue && found[q] > 0);
  if (others.length === 0) return null;
  return (
    <nav aria-labelledby="found-elsewhere" className="queue-found">
      <p id="found-elsewhere">{TEXT.foundElsewhere}</p>
      <ul>
        {others.map((q) => (
          <li key={q}>
            <a href={viewHref({ ...DEFAULT_VIEW, queue: q, find: view.find, sort: view.sort })}>
              {OFFICER_QUEUE_LABELS[q]} ({countText(found[q])})
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function QueueTable({
  page,
  view,
  selected,
  onSelect,
  onBulk,
}: {
  page: QueuePage;
  view: QueueView;
  selected: ReadonlySet<string>;
  onSelect: (next: ReadonlySet<string>) => void;
  onBulk: (action: BulkAction) => void;
}) {
  // A capped total (QUEUE_COUNT_CAP or more) has no known last page: Next follows a full page.
  const capped = page.total >= QUEUE_COUNT_CAP;
  const last = pageCount(page.total, page.pageSize);
  const hasNext = view.page < last || (capped && page.items.length === page.pageSize);
  // A page past the last one: its link was made when the queue was longer (cases taken or decided since).
  const pastLast = page.items.length === 0 && view.page > 1;
  const caption = `${OFFICER_QUEUE_LABELS[view.queue]}: ${countText(page.total)} ${page.total === 1 ? 'case' : 'cases'}${view.find ? ` matching “${view.find}”` : ''}, page ${page.page}${capped || pastLast ? '' : ` of ${last}`}`;
  const pages = (view.page > 1 || hasNext) && (
    <nav className="pagination" aria-label="Queue pages">
      <ul>
        {view.page > 1 && (
          <li>
            <a href={viewHref({ ...view, page: capped ? view.page - 1 : Math.min(view.page - 1, last) })} rel="prev">
              Previous <span className="visually-hidden">page</span>
            </a>
          </li>
        )}
        <li aria-current="page">
          Page {view.page}
          {capped || pastLast ? '' : ` of ${last}`}
        </li>
        {hasNext && (
          <li>
            <a href={viewHref({ ...view, page: view.page + 1 })} rel="next">
              Next <span className="visually-hidden">page</span>
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
  if (page.items.length === 0)
    return (
      <>
        <p>
          {caption}. {pastLast ? TEXT.pastLastPage : TEXT.noCases}
        </p>
        {pages}
      </>
    );
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelect(next);
  };
  const bulkActions = BULK_ACTIONS_BY_QUEUE[view.queue] ?? [];
  const bulkable = bulkActions.length > 0;
  // Only the cases a bulk action of this queue can act on are offered, as their case view would offer it.
  const selectable = page.items.filter((i) => bulkActions.some((action) => canBulk(action, i)));
  const allOn = selectable.every((i) => selected.has(i.id));
  return (
    <>
      {bulkable && (
        <div className="button-row bulk-actions" role="group" aria-label="With the selected cases">
          {bulkActions.map((action) => (
            <button key={action} type="button" className="button-secondary" onClick={() => onBulk(action)}>
              {OFFICER_ACTION_LABELS[action]} ({selected.size} selected)
            </button>
          ))}
        </div>
      )}
      <TableScroll label={caption}>
        <table className="data-table queue-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              {bulkable && (
                <td>
                  {selectable.length > 0 && (
                    <input
                      type="checkbox"
                      aria-label="Select every case on this page"
                      checked={allOn}
                      onChange={(e) => onSelect(new Set(e.target.checked ? selectable.map((i) => i.id) : []))}
                    />
                  )}
                </td>
              )}
              <th scope="col">Case number</th>
              <th scope="col">E-service</th>
              <th scope="col">Applicant</th>
              <th scope="col">Status</th>
              <th scope="col">Age</th>
              <th scope="col">Due</th>
              <th scope="col">Assigned to</th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((item) => (
              <QueueRow
                key={item.id}
                item={item}
                view={view}
                column={bulkable}
                selectable={selectable.includes(item)}
                checked={selected.has(item.id)}
                onToggle={(on) => toggle(item.id, on)}
              />
            ))}
          </tbody>
        </table>
      </TableScroll>
      {pages}
    </>
  );
}

function QueueRow({
  item,
  view,
  column,
  selectable,
  checked,
  onToggle,
}: {
  item: QueueItem;
  /** The view the row is listed in: the case's way back. */
  view: QueueView;
  /** Whether the table has the select column (the queue has bulk actions). */
  column: boolean;
  /** Whether a bulk action of the queue can act on this case. */
  selectable: boolean;
  checked: boolean;
  onToggle: (on: boolean) => void;
}) {
  return (
    <tr className={item.overdue ? 'overdue' : undefined}>
      {column && (
        <td>
          {selectable ? (
            <input
              type="checkbox"
              aria-label={`Select ${item.caseNumber}`}
              checked={checked}
              onChange={(e) => onToggle(e.target.checked)}
            />
          ) : (
            <span className="visually-hidden">{TEXT.notSelectable(item.caseNumber)}</span>
          )}
        </td>
      )}
      <th scope="row">
        <a href={caseHref(item.id, view)}>{item.caseNumber}</a>
      </th>
      <td>{item.eserviceTitle}</td>
      <td>{item.applicantName}</td>
      <td>{CASE_STATUS_LABELS[item.status as CaseStatus]}</td>
      <td>
        {item.ageDays} {item.ageDays === 1 ? 'day' : 'days'}
      </td>
      <td>
        {item.dueDate ? <time dateTime={item.dueDate}>{formatDay(item.dueDate)}</time> : '—'}
        {item.overdue && <strong className="tag tag-overdue"> {OFFICER_MESSAGES.overdue}</strong>}
      </td>
      <td>{item.assignedTo?.displayName ?? TEXT.nobody}</td>
    </tr>
  );
}
