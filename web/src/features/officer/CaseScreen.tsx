import { useEffect, useRef, useState } from 'react';
import { SITE_NAME } from '#contract/index.ts';
import { CASE_STATUS_LABELS, RECORD_ID_PATTERN } from '#contract/cases.ts';
import { DOCUMENT_MESSAGES } from '#contract/documents.ts';
import { FORM_TEXT, formatFileSize } from '#contract/forms/index.ts';
import {
  DECISIONS,
  OFFICER_ACTION_LABELS,
  OFFICER_MESSAGES,
  decisionDocumentMissing,
  type OfficerAction,
  type OfficerDecisionDocument,
  type OfficerActionRequest,
  type OfficerCase,
  type OfficerList,
} from '#contract/officer.ts';
import { OFFICER_SCREEN_TEXT as TEXT } from '#contract/officerScreens.ts';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog.tsx';
import { LoadStatus } from '../../components/load/LoadStatus.tsx';
import { useAbortSignal } from '../../lib/http/useAbortSignal.ts';
import { useOneAtATime } from '../../lib/useOneAtATime.ts';
import { useAttemptKey } from '../../lib/useAttemptKey.ts';
import { FAILED, useLoad } from '../../lib/http/useLoad.ts';
import type { ScreenProps } from '../../lib/router/router.ts';
import { buildHref, type HashLocation } from '../../lib/router/location.ts';
import { showPart } from '../../lib/showPart.ts';
import { CheckAnswers } from '../../app/parts.ts';
import { ErrorSummary } from '../../components/form/ErrorSummary.tsx';
import { formatDateTime, formatDay } from '../../components/shell/formatMoment.ts';
import { digestOf } from '../../lib/digest.ts';
import { saveBlob } from '../../lib/download.ts';
import { officerApi } from './api.ts';
import { ActionForm, type ActionDescription, type ActionField } from './ActionForm.tsx';
import { checkAction, type ActionInput, type ActionErrors } from './actionForms.ts';
import { failureMessage, isAnswer, shownLoad } from './outcomes.ts';
import { backHref, readQueueView } from './queueQuery.ts';
import { PaymentFacts, showsPayment, showsRefund } from './PaymentFacts.tsx';
import { TravelFacts } from './TravelFacts.tsx';
import { Row } from './SummaryRow.tsx';
import { DECISION_FILES_ID, DecisionDocuments, showsDecisionDocuments } from './DecisionDocuments.tsx';
/**
 * What the last action came to: done (a confirmation), stale (someone else was first) or refused; with the
 * words typed for a stale action whose form the case no longer offers (they would go with the form).
 */
type Notice = { kind: 'done' | 'stale' | 'refused'; message: string; unsent?: string } | null;

/** The words an officer typed for an action: its reason, message or note ('' for the actions with none). */
function typedText(input: ActionInput): string {
  switch (input.action) {
    case 'proposeRejection':
      return input.reason;
    case 'requestInfo':
      return input.message;
    case 'returnRejection':
      return input.note ?? '';
    case 'addNote':
      return input.text;
    default:
      return '';
  }
}

/** The files waiting for the case's decision that will reach the applicant (one found infected never will). */
const toSend = (c: OfficerCase) => c.decisionDocuments.filter((d) => d.sentAt === null && d.scanStatus !== 'infected');

/**
 * #/officer/case?id=ID: one case: its answers as submitted, documents, status history, internal notes,
 * what changed since the last submission, and the actions open to this officer now (the server's
 * allowedActions). Every action names the version the officer saw: when someone else changed the case
 * first, the server's plain message shows with the case as it is now, and nothing is overwritten.
 */
export function CaseScreen({ location }: ScreenProps) {
  const id = location.query.get('id') ?? '';
  // A malformed link (cut short, typed) names no case: said in the officer's words, not the server's check.
  const wellFormed = RECORD_ID_PATTERN.test(id);
  const signal = useAbortSignal();
  const fetched = shownLoad(useLoad(wellFormed ? id : null, (s) => officerApi.case(id, s)).state);
  const loaded = wellFormed ? fetched : { state: FAILED, failed: OFFICER_MESSAGES.caseNotFound };
  /** The case as the last action here answered it (or as someone else left it), over the one loaded. */
  const [answered, setAnswered] = useState<{ id: string; value: OfficerCase } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [errors, setErrors] = useState<ActionErrors>({});
  const [attempt, setAttempt] = useState(0);
  /** A file going up for the decision, or what the last upload came to (its live region's words). */
  const [uploadStatus, setUploadStatus] = useState('');
  /**
   * Bumped after an action taken, so its form starts empty again: the note's after a note, the actions'
   * after an action. Each alone, so a note half written survives "Assign to me", and a message to the
   * applicant half written survives a note.
   */
  const [formKeys, setFormKeys] = useState({ note: 0, actions: 0 });
  const noticeRef = useRef<HTMLDivElement>(null);
  /**
   * An action on its way: a second press, on the version the first has just changed, would come back stale
   * and call the officer's own action a colleague's.
   */
  const acting = useOneAtATime();
  /** The same action sent again on the same version after no answer is the same attempt, with its key. */
  const attempts = useAttemptKey();

  const c = answered?.id === id ? answered.value : loaded.state.kind === 'ready' ? loaded.state.value : null;
  const canAssign = c?.allowedActions.includes('assign') ?? false;
  const { state: officerList } = useLoad(canAssign ? 'officers' : null, (s) => officerApi.officers(s));
  const officers = officerList.kind === 'ready' && officerList.value.ok ? officerList.value.value : null;

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  // An address with a part's anchor (copied from an "On this page" link, a request's link in the history)
  // opens there once the case is on the page, however long the case takes: the router waits for the part a few
  // seconds only.
  const anchor = location.anchor;
  const loadedCase = c !== null;
  useEffect(() => {
    if (loadedCase && anchor) showPart(anchor);
  }, [loadedCase, anchor]);

  // The tab names the case the heading does (WCAG 2.4.2), once it is known.
  const caseNumber = c?.caseNumber;
  useEffect(() => {
    if (caseNumber) document.title = `Case ${caseNumber} | ${SITE_NAME}`;
  }, [caseNumber]);

  /** Shows errors found before anything is sent, in the summary and by their controls. */
  function showErrors(found: ActionErrors): boolean {
    setErrors(found);
    setAttempt((a) => a + 1);
    const any = Object.keys(found).length > 0;
    // What the last action came to is not this attempt's: a "done" panel beside its errors reads as if it
    // had gone.
    if (any) setNotice(null);
    return any;
  }

  /**
   * A decision that must carry a document for the applicant and has none attached (docs/decisions/0090):
   * said by the file input before the decision is asked to be confirmed, as the server would refuse it.
   */
  const undocumented = (action: OfficerAction): ActionErrors => {
    const missing = c ? decisionDocumentMissing(c.appCode, action, toSend(c).length) : null;
    return missing ? { [DECISION_FILES_ID]: missing } : {};
  };

  async function act(input: ActionInput) {
    if (!c || acting.busy()) return;
    if (showErrors({ ...checkAction(input), ...undocumented(input.action) })) return;
    setNotice(null);
    const sent = JSON.stringify([c.id, c.version, input]);
    const actionKey = attempts.keyFor(sent);
    const request = { ...input, version: c.version, actionKey } as OfficerActionRequest;
    const outcome = await acting.run(() => officerApi.act(c.id, request, signal));
    attempts.settle(sent, actionKey, isAnswer(outcome));
    if (outcome.ok) {
      setAnswered({ id, value: outcome.value });
      setNotice({ kind: 'done', message: outcome.message || OFFICER_MESSAGES.done[input.action] });
      const form = input.action === 'addNote' ? 'note' : 'actions';
      setFormKeys((k) => ({ ...k, [form]: k[form] + 1 }));
      return;
    }
    if (outcome.kind === 'aborted' || outcome.kind === 'session') return;
    // The case as it is now: the officer decides again on what is really there, with what they had typed
    // still in the forms the case still allows.
    if (outcome.kind === 'stale') {
      setAnswered({ id, value: outcome.current });
      const typed = typedText(input).trim();
      const unsent = typed && !outcome.current.allowedActions.includes(input.action) ? typed : undefined;
      setNotice({ kind: 'stale', message: failureMessage(outcome), unsent });
      return;
    }
    // The HTTP layer's toast has said why (docs/decisions/0032): the page says which action, not that again.
    if (outcome.kind === 'unreachable') {
      setNotice({ kind: 'refused', message: OFFICER_MESSAGES.actionUnconfirmed(input.action) });
      return;
    }
    // The server found no document the decision must carry (one attached was found infected since): said by
    // the file input, as it is before sending.
    if (outcome.kind === 'refused' && outcome.message === decisionDocumentMissing(c.appCode, input.action, 0)) {
      showErrors({ [DECISION_FILES_ID]: outcome.message });
      return;
    }
    setNotice({ kind: 'refused', message: failureMessage(outcome) });
  }

  /**
   * Sends the files chosen for the decision one after another, each its own upload, as the applicant's are. The
   * case as each answer leaves it is shown (its list, its version); those refused are named with the reason by
   * the input, and the files that went in stay. A file already waiting for the decision, chosen again (not
   * knowing it went in, or twice at once), is said by the input as the applicant's form says it, and not sent.
   */
  async function attach(files: File[]) {
    if (!c || acting.busy()) return;
    const refused: string[] = [];
    // Taken from each answer: this render's case does not hold the files this choice has sent so far.
    let waiting = c.decisionDocuments.filter((d) => d.sentAt === null);
    await acting.run(async () => {
      for (const file of files) {
        setUploadStatus(FORM_TEXT.uploading(file.name));
        const digest = await digestOf(file);
        const same = digest && waiting.find((d) => d.sha256 === digest);
        if (same) {
          refused.push(DOCUMENT_MESSAGES.ofFile(file.name, DOCUMENT_MESSAGES.alreadyUploaded(same.fileName)));
          continue;
        }
        const outcome = await officerApi.attach(c.id, file, signal);
        if (outcome.ok) {
          setAnswered({ id, value: outcome.value });
          waiting = outcome.value.decisionDocuments.filter((d) => d.sentAt === null);
          continue;
        }
        if (outcome.kind === 'aborted' || outcome.kind === 'session') return;
        const reason = outcome.kind === 'refused' ? outcome.message : DOCUMENT_MESSAGES.failed;
        refused.push(DOCUMENT_MESSAGES.ofFile(file.name, reason));
      }
    });
    const attached = files.length - refused.length;
    setUploadStatus(attached > 0 ? OFFICER_MESSAGES.attached : '');
    if (refused.length > 0) showErrors({ [DECISION_FILES_ID]: refused.join('; ') });
    else setErrors((now) => Object.fromEntries(Object.entries(now).filter(([k]) => k !== DECISION_FILES_ID)));
  }

  /**
   * Takes a file back from the decision. A removal refused or without an answer may still have gone through
   * (its answer lost, then refused when the browser sent it again), or the case may have moved on: the case is
   * loaded again, so the list says whether the file goes with the decision (docs/decisions/0090).
   */
  async function detach(document: OfficerDecisionDocument) {
    if (!c || acting.busy()) return;
    await acting.run(async () => {
      const outcome = await officerApi.detach(c.id, document.id, signal);
      if (outcome.ok) {
        setAnswered({ id, value: outcome.value });
        setUploadStatus(OFFICER_MESSAGES.detached);
        return;
      }
      if (outcome.kind === 'aborted' || outcome.kind === 'session') return;
      const now = await officerApi.case(c.id, signal);
      if (!now.ok && (now.kind === 'aborted' || now.kind === 'session')) return;
      if (now.ok) setAnswered({ id, value: now.value });
      if (now.ok && !now.value.decisionDocuments.some((d) => d.id === document.id)) {
        setUploadStatus(OFFICER_MESSAGES.detached);
        return;
      }
      // What the last upload came to is not what stands now.
      setUploadStatus('');
      setNotice({ kind: 'refused', message: failureMessage(outcome) });
    });
  }

  async function download(documentId: string, fileName: string) {
    if (!c) return;
    const outcome = await officerApi.document(c.id, documentId, signal);
    if (outcome.ok) saveBlob(outcome.value, fileName);
    else if (outcome.kind !== 'aborted' && outcome.kind !== 'session')
      setNotice({ kind: 'refused', message: failureMessage(outcome) });
  }

  // Back where the officer came from (the queue, filters and page the case was opened from).
  const back = (
    <a className="back-link" href={backHref(location.query)}>
      {TEXT.backToQueues}
    </a>
  );
  // The heading is keyed, so that the loaded case keeps the element the loading screen showed: the focus
  // a navigation gives it (RouterView) stays on it rather than falling to the page's start.
  if (!c)
    return (
      <section aria-labelledby="page-heading" className="officer">
        {back}
        <h1 key="page-heading" id="page-heading" tabIndex={-1}>
          Case
        </h1>
        <LoadStatus state={loaded.state} loading="Loading the case…" failed={loaded.failed} />
      </section>
    );

  const labelOf = new Map(c.questions.map((q) => [q.name, q.label]));
  // The server's words for each answer: the applicant's own check answers, one list for the whole form.
  const answers = [{ pageId: ANSWERS_PAGE, heading: TEXT.answersHeading, rows: c.answerRows }];
  const rounds = requestRounds(c);
  const showsChanges = c.changes.length > 0 || c.infoRequests.length > 0;
  const allowed = (a: OfficerAction) => c.allowedActions.includes(a);
  const mayAttach = DECISIONS.some(allowed);
  // Every part below the actions, in the page's order.
  const parts: Array<[string, string] | false> = [
    ['actions-heading', TEXT.actionsHeading],
    showsDecisionDocuments(c, mayAttach) && ['decision-documents-heading', TEXT.decisionDocumentsHeading],
    showsChanges && ['changes-heading', TEXT.changesHeading],
    c.infoRequests.length > 0 && ['requests-heading', TEXT.requestsHeading],
    [`answers-${ANSWERS_PAGE}`, TEXT.answersHeading],
    showsPayment(c) && ['payment-heading', TEXT.paymentHeading],
    showsRefund(c) && ['refund-heading', TEXT.refundHeading],
    ['documents-heading', TEXT.documentsHeading],
    ['history-heading', TEXT.historyHeading],
    ['notes-heading', TEXT.notesHeading],
  ];
  // The comparison is of the last answer only: after an earlier answer, "nothing since the first
  // submission" could deny what that one changed.
  const answeredAt = c.infoRequests.flatMap((r) => (r.answeredAt ? [r.answeredAt] : []));
  const noChanges =
    answeredAt.length > 1 ? TEXT.noChangesInLastAnswer(formatDateTime(answeredAt.at(-1)!)) : TEXT.noChanges;

  return (
    <section aria-labelledby="page-heading" className="officer officer-case">
      {back}
      <p className="caption">{c.eserviceTitle}</p>
      <h1 key="page-heading" id="page-heading" tabIndex={-1}>
        Case {c.caseNumber}
      </h1>

      <div ref={noticeRef} tabIndex={-1}>
        {notice?.kind === 'done' && (
          <div className="panel panel-confirmation" role="status">
            <h2 className="panel-title">{notice.message}</h2>
            <p className="panel-body">Status: {CASE_STATUS_LABELS[c.status]}</p>
          </div>
        )}
        {notice && notice.kind !== 'done' && (
          <div role="alert" className="notice notice-error">
            <p>{notice.message}</p>
            {notice.kind === 'stale' && <p>Status now: {CASE_STATUS_LABELS[c.status]}</p>}
            {notice.unsent && (
              <div className="field">
                <p>{TEXT.unsent}</p>
                <label htmlFor="unsent-text">{TEXT.unsentLabel}</label>
                <textarea id="unsent-text" readOnly rows={4} value={notice.unsent} />
              </div>
            )}
          </div>
        )}
      </div>
      <ErrorSummary errors={errors} attempt={attempt} idFor={(path) => path} />

      <dl className="summary-list">
        <Row term="Applicant">{c.applicantName}</Row>
        <Row term="Status">
          <span data-testid="officer-case-status">{CASE_STATUS_LABELS[c.status]}</span>
        </Row>
        <Row term="Submitted">
          {c.submittedAt ? <time dateTime={c.submittedAt}>{formatDateTime(c.submittedAt)}</time> : '—'}
        </Row>
        <Row term="Due">
          {c.dueDate ? <time dateTime={c.dueDate}>{formatDay(c.dueDate)}</time> : '—'}
          {c.overdue && <strong className="tag tag-overdue"> {OFFICER_MESSAGES.overdue}</strong>}
        </Row>
        <Row term="Assigned to">{c.assignedTo?.displayName ?? TEXT.nobody}</Row>
        {c.decisionReason && (
          <Row term="Reason given to the applicant">
            <span className="as-typed" dir="auto">
              {c.decisionReason}
            </span>
          </Row>
        )}
      </dl>

      {c.proposedRejection && (
        <section aria-labelledby="proposed-heading" className="notice">
          <h2 id="proposed-heading">{TEXT.proposedRejection(c.proposedRejection.by)}</h2>
          <p className="as-typed" dir="auto">
            {c.proposedRejection.reason}
          </p>
        </section>
      )}

      {/* The answers being decided sit below every round of requests: one step away, whatever the history. */}
      <nav aria-labelledby="on-this-page-heading" className="on-this-page">
        <h2 id="on-this-page-heading">{TEXT.onThisPage}</h2>
        <ul>
          {parts
            .filter((p) => p !== false)
            .map(([target, name]) => (
              <li key={target}>
                <InPageLink location={location} target={target}>
                  {name}
                </InPageLink>
              </li>
            ))}
        </ul>
      </nav>

      <TravelFacts c={c} from={readQueueView(new URLSearchParams(location.query.get('from') ?? ''))} />

      <Actions
        key={`${c.id}-${formKeys.actions}`}
        c={c}
        allowed={allowed}
        errors={errors}
        officers={officers}
        onAct={(input) => void act(input)}
        onDecide={(action) => !showErrors(undocumented(action))}
      />

      <DecisionDocuments
        c={c}
        mayAttach={mayAttach}
        error={errors[DECISION_FILES_ID]}
        status={uploadStatus}
        onAttach={attach}
        onRemove={detach}
        onDownload={(d) => void download(d.id, d.fileName)}
      />

      {showsChanges ? (
        <section aria-labelledby="changes-heading">
          <h2 id="changes-heading">{TEXT.changesHeading}</h2>
          {c.changes.length === 0 ? (
            <p>{noChanges}</p>
          ) : (
            <table className="data-table">
              <caption className="visually-hidden">{TEXT.changesHeading}</caption>
              <thead>
                <tr>
                  <th scope="col">Question</th>
                  <th scope="col">{TEXT.before}</th>
                  <th scope="col">{TEXT.after}</th>
                </tr>
              </thead>
              <tbody>
                {c.changes.map((ch) => (
                  <tr key={ch.field}>
                    <th scope="row">{ch.label}</th>
                    {/* An answer's lines as the applicant typed them, as the submitted answers show them. */}
                    <td className="as-typed" dir="auto">
                      {ch.beforeText}
                    </td>
                    <td className="as-typed" dir="auto">
                      {ch.afterText}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ) : null}

      {c.infoRequests.length > 0 && (
        <section aria-labelledby="requests-heading">
          <h2 id="requests-heading">{TEXT.requestsHeading}</h2>
          <ol className="officer-list">
            {c.infoRequests.map((r, i) => (
              <li key={r.id}>
                {/* The latest round is the one being answered; the older ones fold to when, who and what they
                    asked, so many rounds do not push the answers away, and each message is a click away. */}
                <details id={requestId(r.id)} open={i === c.infoRequests.length - 1}>
                  <summary>
                    {TEXT.requestRound(i + 1, c.infoRequests.length)}:{' '}
                    <time dateTime={r.requestedAt}>{formatDateTime(r.requestedAt)}</time>, {r.requestedBy}.{' '}
                    {TEXT.requestQuestions(r.fieldLabels)}{' '}
                    {r.answeredAt ? (
                      <>
                        {TEXT.requestAnswered} <time dateTime={r.answeredAt}>{formatDateTime(r.answeredAt)}</time>.
                      </>
                    ) : (
                      TEXT.requestNotAnswered
                    )}
                  </summary>
                  <p className="as-typed" dir="auto">
                    {r.message}
                  </p>
                </details>
              </li>
            ))}
          </ol>
        </section>
      )}

      <CheckAnswers sections={answers} />
      <PaymentFacts c={c} />

      <section aria-labelledby="documents-heading">
        <h2 id="documents-heading">{TEXT.documentsHeading}</h2>
        {c.unscannedDocuments > 0 && <p>{TEXT.unscannedDocuments(c.unscannedDocuments)}</p>}
        {c.documents.length === 0 ? (
          c.unscannedDocuments === 0 && <p>{TEXT.noDocuments}</p>
        ) : (
          <ul className="officer-list">
            {c.documents.map((d) => (
              <li key={d.id}>
                <button type="button" className="button-link" onClick={() => void download(d.id, d.fileName)}>
                  Download {d.fileName}
                </button>{' '}
                ({formatFileSize(d.sizeBytes)}, {labelOf.get(d.fieldName) ?? d.fieldName})
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="history-heading">
        <h2 id="history-heading">{TEXT.historyHeading}</h2>
        <ol className="officer-list" data-testid="officer-history">
          {c.history.map((h, i) => (
            <li key={`${h.at}-${i}`} className="as-typed">
              <time dateTime={h.at}>{formatDateTime(h.at)}</time>:{' '}
              {h.from === h.to && h.message ? (
                // A move that kept the status (an assignment): naming the status again would read as a new step.
                <>
                  {h.by}: <bdi>{h.message}</bdi>
                </>
              ) : (
                <>
                  {CASE_STATUS_LABELS[h.to]}, by {h.by}
                  {rounds.has(i) ? (
                    // The request's message is printed once, in its round above.
                    <>
                      .{' '}
                      <InPageLink location={location} target={requestId(rounds.get(i)!.id)}>
                        {TEXT.historyRequest(rounds.get(i)!.n, c.infoRequests.length)}
                      </InPageLink>
                    </>
                  ) : (
                    h.message && (
                      <>
                        . <bdi>{h.message}</bdi>
                      </>
                    )
                  )}
                </>
              )}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="notes-heading">
        <h2 id="notes-heading">{TEXT.notesHeading}</h2>
        <p className="form-note">{OFFICER_MESSAGES.internalNoteHint}</p>
        {c.notes.length === 0 ? (
          <p>{TEXT.noNotes}</p>
        ) : (
          <ul className="officer-list">
            {c.notes.map((n) => (
              <li key={n.id} className="as-typed">
                <time dateTime={n.at}>{formatDateTime(n.at)}</time>, {n.by}: <bdi>{n.text}</bdi>
              </li>
            ))}
          </ul>
        )}
        {allowed('addNote') && (
          <ActionForm
            key={`note-${c.id}-${formKeys.note}`}
            description={NOTE_FORM}
            errors={errors}
            onAct={(input) => void act(input)}
          />
        )}
      </section>
    </section>
  );
}

const text = (data: FormData, name: string) => String(data.get(name) ?? '');

/** The check answers' one page of the submitted answers: its heading's id is `answers-` and this. */
const ANSWERS_PAGE = 'answers';

const requestId = (id: string) => `request-${id}`;

/**
 * The status history's lines that asked for more information, by their index, each with its request's id and
 * round (from 1): both lists run oldest first, and a line is paired with the next request of its message, so a
 * line of no request (moved there some other way) keeps its own words rather than borrow a request's.
 */
function requestRounds(c: OfficerCase): Map<number, { id: string; n: number }> {
  const rounds = new Map<number, { id: string; n: number }>();
  let next = 0;
  c.history.forEach((h, i) => {
    if (h.to !== 'more_info_requested' || h.from === h.to) return;
    const at = c.infoRequests.findIndex((r, k) => k >= next && r.message === h.message);
    if (at < 0) return;
    rounds.set(i, { id: c.infoRequests[at]!.id, n: at + 1 });
    next = at + 1;
  });
  return rounds;
}

/**
 * A link to a part of this page. The hash holds the route, so the address is the case's own with the part as
 * its anchor (copied, it opens the case there), and a click moves there without a navigation: the part is
 * scrolled to and focused, for a screen reader to read from it, and a folded request is opened first.
 */
function InPageLink({ location, target, children }: { location: HashLocation; target: string; children: string }) {
  return (
    <a
      href={`${buildHref(location.path, location.query)}#${target}`}
      onClick={(event) => {
        event.preventDefault();
        showPart(target);
      }}
    >
      {children}
    </a>
  );
}

const NOTE_FORM: ActionDescription = {
  action: 'addNote',
  fields: [{ kind: 'text', id: 'note-text', name: 'text', label: TEXT.noteLabel }],
  read: (data) => ({ action: 'addNote', text: text(data, 'text') }),
};

/** The forms of the actions that need more than a click, in the order they are offered. */
function actionForms(c: OfficerCase, officers: OfficerList['officers'] | null): ActionDescription[] {
  const message = (id: string, label: string): ActionField => ({ kind: 'text', id, name: 'message', label });
  return [
    {
      action: 'assign',
      fields: [
        {
          kind: 'choose',
          id: 'assign-officer',
          name: 'officer',
          label: TEXT.officerLabel,
          placeholder: 'Choose an officer',
          options: (officers ?? [])
            .filter((o) => o.accountId !== c.assignedTo?.accountId)
            .map((o) => ({ value: String(o.accountId), label: o.displayName })),
        },
      ],
      read: (data) => ({ action: 'assign', officerAccountId: Number(text(data, 'officer')) || 0 }),
    },
    {
      action: 'requestInfo',
      fields: [
        {
          kind: 'tick',
          id: 'info-fields',
          name: 'fields',
          legend: TEXT.fieldsLegend,
          // A question the answers hide says which: the applicant is asked it once they change those answers.
          options: c.questions.map((q) => ({
            value: q.name,
            label:
              q.hiddenBy.length === 0
                ? q.label
                : TEXT.hiddenQuestion(
                    q.label,
                    q.hiddenBy.map((name) => c.questions.find((other) => other.name === name)?.label ?? name),
                  ),
          })),
        },
        message('info-message', TEXT.messageLabel),
      ],
      read: (data) => ({
        action: 'requestInfo',
        fields: data.getAll('fields').map(String),
        message: text(data, 'message'),
      }),
    },
    {
      action: 'proposeRejection',
      fields: [message('reject-reason', TEXT.reasonLabel)],
      read: (data) => ({ action: 'proposeRejection', reason: text(data, 'message') }),
    },
    {
      action: 'returnRejection',
      fields: [message('return-note', TEXT.returnNoteLabel)],
      read: (data) => ({ action: 'returnRejection', note: text(data, 'message') }),
    },
  ];
}

/** The actions open now: plain buttons for those that need nothing more, a small form for the others. */
function Actions({
  c,
  allowed,
  errors,
  officers,
  onAct,
  onDecide,
}: {
  c: OfficerCase;
  allowed: (a: OfficerAction) => boolean;
  errors: ActionErrors;
  officers: OfficerList['officers'] | null;
  onAct: (input: ActionInput) => void;
  /** Whether a final decision may be asked to be confirmed: false when it is refused before (its error shown). */
  onDecide: (action: 'approve' | 'approveRejection') => boolean;
}) {
  const simple = (['assignToMe', 'release', 'approve', 'approveRejection'] as const).filter(allowed);
  const any = c.allowedActions.some((a) => a !== 'addNote');
  // A final decision is asked once more (docs/decisions/0070): the applicant is told at once.
  const [confirming, setConfirming] = useState<'approve' | 'approveRejection' | null>(null);
  const sending = toSend(c);
  return (
    <section aria-labelledby="actions-heading" className="officer-actions">
      <h2 id="actions-heading">{TEXT.actionsHeading}</h2>
      {!any && <p>{allowed('addNote') ? TEXT.onlyNotes : TEXT.noActions}</p>}
      {simple.length > 0 && (
        <div className="button-row">
          {simple.map((action) => (
            <button
              key={action}
              type="button"
              className={action === 'release' ? 'button-secondary' : undefined}
              onClick={() => {
                if (action !== 'approve' && action !== 'approveRejection') onAct({ action });
                else if (onDecide(action)) setConfirming(action);
              }}
            >
              {OFFICER_ACTION_LABELS[action]}
            </button>
          ))}
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={
            confirming === 'approve' ? TEXT.confirmApprove(c.caseNumber) : TEXT.confirmApproveRejection(c.caseNumber)
          }
          message={
            sending.length > 0
              ? `${TEXT.confirmDecision} ${TEXT.confirmDocuments(sending.map((d) => d.fileName))}`
              : TEXT.confirmDecision
          }
          confirmLabel={OFFICER_ACTION_LABELS[confirming]}
          onConfirm={() => {
            setConfirming(null);
            onAct({ action: confirming });
          }}
          onCancel={() => setConfirming(null)}
        />
      )}
      {actionForms(c, officers)
        .filter((form) => allowed(form.action))
        .map((form) => (
          <ActionForm key={form.action} description={form} errors={errors} onAct={onAct} />
        ))}
    </section>
  );
}
