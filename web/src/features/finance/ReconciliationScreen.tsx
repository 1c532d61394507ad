import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  BILL_REFERENCE_MAX,
  PAYMENT_TEXT,
  QUEUE_REASON_LABELS,
  STATEMENT_FILE_NAME_MAX,
  STATEMENT_MAX_CHARS,
  formatMoney,
  type MoneyToReturn,
  type RefundToPay,
  type StatementLine,
} from '#contract/payments.ts';
import { cappedCount } from '#contract/counts.ts';
import { ErrorSummary } from '../../components/form/ErrorSummary.tsx';
import { LoadStatus } from '../../components/load/LoadStatus.tsx';
import { systemDifficultiesMessage } from '../../lib/http/index.ts';
import { useAbortSignal } from '../../lib/http/useAbortSignal.ts';
import { useOneAtATime } from '../../lib/useOneAtATime.ts';
import { useAttemptKey } from '../../lib/useAttemptKey.ts';
import { FAILED } from '../../lib/http/useLoad.ts';
import { lazyPart } from '../../lib/lazy/lazyPart.tsx';
import { CreditFacts } from './CreditFacts.tsx';
import { financeApi, type FinanceOutcome } from './api.ts';
import { ReasonForm, TextField, useFocusInvalid, useReason } from './fields.tsx';
import { useKeptLoad } from './useKeptLoad.ts';

const ResolvedCredits = lazyPart(() => import('./ResolvedCredits.tsx'));

/** The lists a decision takes its row out of: the queue's three, or the recently decided credits. */
export type DecidedList = 'lines' | 'returns' | 'refunds' | 'resolved';
/**
 * What a decision or an import came to. `doubt`: a decision that got no answer, until a list loaded since
 * shows whether it was taken. `quiet`: said without taking the focus, which is the officer's meanwhile.
 */
type Notice = {
  kind: 'status' | 'alert';
  text: string;
  doubt?: { list: DecidedList; id: string; label: string; name: string };
  quiet?: boolean;
} | null;
/**
 * A decision: its button's words and what it is on (both said when it gets no answer: after two, the button
 * alone does not tell which is in doubt), what it asks for (the same request sent again is the same attempt,
 * under the same key: docs/decisions/0109), and its call under that key.
 */
export interface Decision {
  label: string;
  /** The credit's bank transaction id, the bill's reference or the refund's case number. */
  name: string;
  /** The list whose row, `id`, the decision takes out once taken. */
  list: DecidedList;
  id: string;
  request: readonly unknown[];
  call: (actionKey: string) => Promise<FinanceOutcome<null>>;
}
/** Sends a decision, unless one is on its way, then announces its outcome and reloads the lists. */
export type Run = (decision: Decision) => void;

/** One waiting credit, with what a person decides about it: match to a bill, or mark, always with a reason. */
function QueueRow({ line, run }: { line: StatementLine; run: Run }) {
  const signal = useAbortSignal();
  const [reference, setReference] = useState(line.billReference ?? line.reference);
  const [referenceError, setReferenceError] = useState('');
  const { reason, setReason, error, checked } = useReason();
  const { form, refused } = useFocusInvalid();
  const id = `line-${line.id}`;

  const act = (what: 'match' | 'mark') => {
    const given = checked();
    // A match needs the bill it goes to: said beside the field, not in the server's words about the call.
    const typed = reference.trim();
    const wrong =
      what !== 'match'
        ? ''
        : typed === ''
          ? PAYMENT_TEXT.referenceRequired
          : typed.length > BILL_REFERENCE_MAX
            ? PAYMENT_TEXT.referenceTooLong
            : '';
    setReferenceError(wrong);
    if (given === null || wrong) {
      refused();
      return;
    }
    run(
      what === 'match'
        ? {
            label: PAYMENT_TEXT.matchButton,
            name: line.transactionId,
            list: 'lines',
            id: line.id,
            request: ['match', line.id, reference.trim(), given],
            call: (key) => financeApi.match(line.id, reference.trim(), given, key, signal),
          }
        : {
            label: PAYMENT_TEXT.markButton,
            name: line.transactionId,
            list: 'lines',
            id: line.id,
            request: ['mark', line.id, given],
            call: (key) => financeApi.mark(line.id, given, key, signal),
          },
    );
  };

  return (
    <li className="queue-line" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {line.transactionId}: {formatMoney(line.amountCents)}
      </h3>
      <dl className="summary-list">
        <div>
          <dt>Why it waits</dt>
          <dd>{line.queueReason ? QUEUE_REASON_LABELS[line.queueReason] : ''}</dd>
        </div>
        <CreditFacts credit={line} />
        {line.outstandingCents !== null && (
          <div>
            <dt>Still due on the bill</dt>
            <dd>{formatMoney(line.outstandingCents)}</dd>
          </div>
        )}
      </dl>
      <form
        ref={form}
        noValidate
        aria-labelledby={`${id}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          act('match');
        }}
      >
        <TextField
          id={`${id}-reference`}
          label={PAYMENT_TEXT.billReferenceLabel}
          value={reference}
          error={referenceError}
          onChange={setReference}
        />
        <TextField
          id={`${id}-reason`}
          label={PAYMENT_TEXT.reasonLabel}
          hint={PAYMENT_TEXT.reasonHint}
          value={reason}
          error={error}
          onChange={setReason}
        />
        <div className="button-row">
          <button type="submit">{PAYMENT_TEXT.matchButton}</button>
          <button type="button" className="button-secondary" onClick={() => act('mark')}>
            {PAYMENT_TEXT.markButton}
          </button>
        </div>
      </form>
    </li>
  );
}

/**
 * Money a finance officer sends out, then says how it went (the payer reads it): its facts, and the reason
 * form that records it.
 */
function PayoutRow(props: {
  id: string;
  title: string;
  facts: ReadonlyArray<readonly [string, string]>;
  hint: string;
  button: string;
  onReason: (reason: string) => void;
}) {
  const { id } = props;
  return (
    <li className="queue-line" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{props.title}</h3>
      <dl className="summary-list">
        {props.facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <ReasonForm id={id} hint={props.hint} button={props.button} onReason={props.onReason} />
    </li>
  );
}

/** A list of money to send out: the oldest listed, and how many there are in all when that is more. */
function PayoutList(props: { id: string; heading: string; hint: string; shown: string | null; children: ReactNode }) {
  return (
    <>
      <h2 id={props.id}>{props.heading}</h2>
      <p>{props.hint}</p>
      {props.shown && <p>{props.shown}</p>}
      <ul className="queue" aria-labelledby={props.id}>
        {props.children}
      </ul>
    </>
  );
}

/** A cancelled bill's money to send back to its payer, the way it came, and the finance officer's word that it went. */
function ReturnRow({ item, run }: { item: MoneyToReturn; run: Run }) {
  const signal = useAbortSignal();
  return (
    <PayoutRow
      id={`return-${item.billId}`}
      title={`${item.caseNumber}: ${formatMoney(item.amountCents)}`}
      facts={[
        [PAYMENT_TEXT.reference, item.reference],
        ...item.transactions.map(
          (t) => [t.transactionId, `${formatMoney(t.amountCents)} from ${t.payerName}`] as const,
        ),
      ]}
      hint={PAYMENT_TEXT.returnedReasonHint}
      button={PAYMENT_TEXT.returnedButton}
      onReason={(given) =>
        run({
          label: PAYMENT_TEXT.returnedButton,
          name: item.reference,
          list: 'returns',
          id: item.billId,
          request: ['returned', item.billId, given],
          call: (key) => financeApi.returned(item.billId, given, key, signal),
        })
      }
    />
  );
}

/**
 * An approved refund to pay (docs/decisions/0088): the payee and account as the applicant answered them, and the
 * finance officer's word that it was paid.
 */
function RefundRow({ item, run }: { item: RefundToPay; run: Run }) {
  const signal = useAbortSignal();
  return (
    <PayoutRow
      id={`refund-${item.caseId}`}
      title={`${item.caseNumber}: ${formatMoney(item.amountCents)}`}
      facts={[
        [PAYMENT_TEXT.payeeName, item.payeeName],
        [PAYMENT_TEXT.payeeId, item.payeeId ?? PAYMENT_TEXT.payeeIdMissing],
        [PAYMENT_TEXT.bankAccount, item.bankAccountNumber],
        [PAYMENT_TEXT.drawsOn, item.receiptNumber],
      ]}
      hint={PAYMENT_TEXT.refundPaidReasonHint}
      button={PAYMENT_TEXT.refundPaidButton}
      onReason={(given) =>
        run({
          label: PAYMENT_TEXT.refundPaidButton,
          name: item.caseNumber,
          list: 'refunds',
          id: item.caseId,
          request: ['refundPaid', item.caseId, given],
          call: (key) => financeApi.refundPaid(item.caseId, given, key, signal),
        })
      }
    />
  );
}

/**
 * The finance officer's reconciliation (docs/decisions/0046): import the bank statement, then decide each
 * credit the import could not settle. Self-contained: the back office mounts it under its own route.
 */
export function ReconciliationScreen() {
  const signal = useAbortSignal();
  const file = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState<Notice>(null);
  // What is wrong with the file chosen (none, empty, not a CSV, too large): the file field's error, linked
  // from a summary that takes the focus, as every other form of the portal says a field's problem.
  const [fileError, setFileError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const noticeRef = useRef<HTMLDivElement>(null);
  // Each outcome takes the focus: a decided credit leaves the list with the button that had it, and the
  // words are at the top of a list that may be long.
  useEffect(() => {
    if (notice && !notice.quiet) noticeRef.current?.focus();
  }, [notice]);
  /**
   * A list loaded since a decision got no answer shows what it came to: its row gone, it was taken, and
   * "try again" would no longer make sense; its row still there, the advice stands (docs/decisions/0109).
   */
  const settle = (list: DecidedList, ids: readonly string[]) =>
    setNotice((now) =>
      now?.doubt?.list === list && !ids.includes(now.doubt.id)
        ? { kind: 'status', text: PAYMENT_TEXT.actionTaken(now.doubt.label, now.doubt.name), quiet: true }
        : now,
    );
  // Reloaded after each decision: the other credits stay on screen meanwhile, with what was typed into them,
  // and stay when the reload fails (docs/decisions/0109).
  const { state, shown, reloadFailed, failed, reload, tryAgain } = useKeptLoad(
    'queue',
    (s) => financeApi.queue(s),
    'queue-heading',
    (lists) => {
      settle(
        'lines',
        lists.lines.map((l) => l.id),
      );
      settle(
        'returns',
        lists.returns.map((r) => r.billId),
      );
      settle(
        'refunds',
        lists.refunds.map((r) => r.caseId),
      );
    },
  );
  const lines = shown?.lines ?? null;
  const waiting = shown?.waiting ?? 0;
  const returns = shown?.returns ?? [];
  const toReturn = shown?.toReturn ?? 0;
  const refunds = shown?.refunds ?? [];
  const toPay = shown?.toPay ?? 0;
  /**
   * An import or a decision on its way: a second import would report every credit "already imported", a
   * second decision that the credit no longer waits, each over what the first press really did.
   */
  const acting = useOneAtATime();
  const once = async (work: () => Promise<void>) => {
    if (!acting.busy()) await acting.run(work);
  };
  const [showResolved, setShowResolved] = useState(false);
  /** How many decisions were sent: the recently decided credits reload after each. */
  const [decided, setDecided] = useState(0);

  const onImport = async () => {
    const chosen = file.current?.files?.[0];
    const refuse = (text: string) => {
      setNotice(null);
      setFileError(text);
      setAttempt((n) => n + 1);
    };
    if (!chosen) return refuse(PAYMENT_TEXT.chooseFile);
    const csv = await chosen.text();
    // What the server would refuse in its own technical words (an empty body, a NUL, a body too large)
    // is said here in the finance officer's: the file chosen is not a statement that can be imported.
    const wrong = !csv.trim()
      ? PAYMENT_TEXT.emptyFile
      : csv.includes('\u0000')
        ? PAYMENT_TEXT.notCsv
        : csv.length > STATEMENT_MAX_CHARS
          ? PAYMENT_TEXT.tooLarge
          : null;
    if (wrong) return refuse(wrong);
    setFileError(null);
    // The name is for the audit trail only: a long one (a bank's export may run past 200 characters) is cut,
    // not a reason to refuse the statement.
    const fileName = chosen.name.slice(0, STATEMENT_FILE_NAME_MAX);
    const outcome = await sendOnce(PAYMENT_TEXT.importButton, fileName, ['import', fileName, csv], (key) =>
      financeApi.importStatement(fileName, csv, key, signal),
    );
    if (outcome.ok) reload();
  };

  /**
   * Sends a decision or an import under its attempt's key, and says what it came to. One that got no answer
   * may have been taken: the page names it and says a retry is safe, the HTTP layer's toast alone says why
   * (docs/decisions/0109).
   */
  const attempts = useAttemptKey();
  async function sendOnce<T>(
    label: string,
    name: string,
    request: readonly unknown[],
    call: (key: string) => Promise<FinanceOutcome<T>>,
    row?: { list: DecidedList; id: string },
  ) {
    const sent = JSON.stringify(request);
    const key = attempts.keyFor(sent);
    const outcome = await call(key);
    attempts.settle(sent, key, outcome.ok || outcome.refused);
    setNotice(
      outcome.ok
        ? { kind: 'status', text: outcome.message }
        : outcome.unanswered
          ? {
              kind: 'alert',
              text: PAYMENT_TEXT.actionUnconfirmed(label, name),
              doubt: row && { ...row, label, name },
            }
          : { kind: 'alert', text: outcome.message ?? systemDifficultiesMessage() },
    );
    return outcome;
  }

  const run: Run = ({ label, name, list, id, request, call }) =>
    void once(async () => {
      setFileError(null);
      await sendOnce(label, name, request, call, { list, id });
      reload();
      setDecided((n) => n + 1);
    });

  return (
    <section aria-labelledby="page-heading" className="reconciliation">
      <h1 id="page-heading" tabIndex={-1}>
        {PAYMENT_TEXT.reconciliationHeading}
      </h1>
      <div ref={noticeRef} tabIndex={-1}>
        {/*
          Two live regions, both there from the start: screen readers announce what appears in a region they
          already know, not a region whose role changed. Drawn as the app's other outcomes are: a refusal as
          BillPanel's, a success as a register search's.
        */}
        <div role="status" className={notice?.kind === 'status' ? 'success-message' : undefined}>
          {notice?.kind === 'status' ? notice.text : ''}
        </div>
        <div role="alert" className={notice?.kind === 'alert' ? 'notice notice-error' : undefined}>
          {notice?.kind === 'alert' ? notice.text : ''}
        </div>
      </div>
      <form
        aria-labelledby="import-heading"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void once(onImport);
        }}
      >
        <h2 id="import-heading">{PAYMENT_TEXT.importHeading}</h2>
        <ErrorSummary errors={fileError ? { file: fileError } : {}} attempt={attempt} idFor={() => 'statement-file'} />
        <div className="field">
          <label htmlFor="statement-file">{PAYMENT_TEXT.statementFile}</label>
          <p className="hint" id="statement-hint">
            {PAYMENT_TEXT.statementHint}
          </p>
          {fileError && (
            <p className="field-error" id="statement-file-error">
              <span className="visually-hidden">Error:</span> {fileError}
            </p>
          )}
          <input
            ref={file}
            id="statement-file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby={fileError ? 'statement-hint statement-file-error' : 'statement-hint'}
            aria-invalid={fileError ? true : undefined}
          />
        </div>
        <button type="submit">{PAYMENT_TEXT.importButton}</button>
      </form>
      <h2 id="queue-heading" tabIndex={-1}>
        {PAYMENT_TEXT.queueHeading}
      </h2>
      {lines === null ? (
        <LoadStatus
          state={reloadFailed ? FAILED : state}
          loading={PAYMENT_TEXT.queueLoading}
          failed={failed}
          retry={tryAgain}
        />
      ) : lines.length === 0 ? (
        <>
          {reloadFailed && <LoadStatus state={FAILED} loading="" failed={PAYMENT_TEXT.queueStale} retry={tryAgain} />}
          <p>{PAYMENT_TEXT.queueEmpty}</p>
        </>
      ) : (
        <>
          {reloadFailed && <LoadStatus state={FAILED} loading="" failed={PAYMENT_TEXT.queueStale} retry={tryAgain} />}
          {waiting > lines.length && <p>{PAYMENT_TEXT.queueShown(lines.length, waiting)}</p>}
          <ul className="queue" aria-labelledby="queue-heading">
            {lines.map((line) => (
              <QueueRow key={line.id} line={line} run={run} />
            ))}
          </ul>
        </>
      )}
      {returns.length > 0 && (
        <PayoutList
          id="returns-heading"
          heading={PAYMENT_TEXT.returnsHeading}
          hint={PAYMENT_TEXT.returnsHint}
          shown={toReturn > returns.length ? PAYMENT_TEXT.returnsShown(returns.length, cappedCount(toReturn)) : null}
        >
          {returns.map((item) => (
            <ReturnRow key={item.billId} item={item} run={run} />
          ))}
        </PayoutList>
      )}
      {refunds.length > 0 && (
        <PayoutList
          id="refunds-heading"
          heading={PAYMENT_TEXT.refundsHeading}
          hint={PAYMENT_TEXT.refundsHint}
          shown={toPay > refunds.length ? PAYMENT_TEXT.refundsShown(refunds.length, cappedCount(toPay)) : null}
        >
          {refunds.map((item) => (
            <RefundRow key={item.caseId} item={item} run={run} />
          ))}
        </PayoutList>
      )}
      <h2 id="resolved-heading" tabIndex={-1}>
        {PAYMENT_TEXT.resolvedHeading}
      </h2>
      <p>{PAYMENT_TEXT.resolvedHint}</p>
      <button
        type="button"
        className="button-secondary"
        aria-expanded={showResolved}
        aria-controls="resolved-credits"
        onClick={() => setShowResolved((shown) => !shown)}
      >
        {showResolved ? PAYMENT_TEXT.resolvedHide : PAYMENT_TEXT.resolvedShow}
      </button>
      <div id="resolved-credits">{showResolved && <ResolvedCredits run={run} decided={decided} settle={settle} />}</div>
    </section>
  );
}

export default ReconciliationScreen;
