import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '#contract/index.ts';
import {
  PAYMENT_TEXT,
  QUEUE_REASON_LABELS,
  STATEMENT_MAX_CHARS,
  formatMoney,
  type StatementLine,
} from '#contract/payments.ts';
import { LoadStatus } from '../../components/load/LoadStatus.tsx';
import { useAbortSignal } from '../../lib/http/index.ts';
import { FAILED, useLoad } from '../../lib/http/useLoad.ts';
import { formatDay } from '../../components/shell/formatDate.ts';
import { financeApi } from './api.ts';

type Notice = { kind: 'status' | 'alert'; text: string } | null;

/** One waiting credit, with what a person decides about it: match to a bill, or mark, always with a reason. */
function QueueRow({
  line,
  onDone,
}: {
  line: StatementLine;
  onDone: (result: { ok: boolean; message: string }) => void;
}) {
  const signal = useAbortSignal();
  const [reference, setReference] = useState(line.billReference ?? line.reference);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const id = `line-${line.id}`;

  const act = async (what: 'match' | 'mark') => {
    if (reason.trim().length < 3) {
      setError(PAYMENT_TEXT.reasonRequired);
      return;
    }
    setError('');
    const outcome =
      what === 'match'
        ? await financeApi.match(line.id, reference.trim(), reason.trim(), signal)
        : await financeApi.mark(line.id, reason.trim(), signal);
    onDone({ ok: outcome.ok, message: outcome.message ?? MESSAGES.systemDifficulties });
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
        <div>
          <dt>Reference on the statement</dt>
          <dd>{line.reference || '(none)'}</dd>
        </div>
        <div>
          <dt>Payer</dt>
          <dd>{line.payerName}</dd>
        </div>
        <div>
          <dt>Value date</dt>
          <dd>
            <time dateTime={line.valueDate}>{formatDay(line.valueDate)}</time>
          </dd>
        </div>
        {line.outstandingCents !== null && (
          <div>
            <dt>Still due on the bill</dt>
            <dd>{formatMoney(line.outstandingCents)}</dd>
          </div>
        )}
      </dl>
      <form
        noValidate
        aria-labelledby={`${id}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          void act('match');
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-reference`}>{PAYMENT_TEXT.billReferenceLabel}</label>
          <input id={`${id}-reference`} value={reference} onChange={(e) => setReference(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>{PAYMENT_TEXT.reasonLabel}</label>
          <p className="hint" id={`${id}-reason-hint`}>
            {PAYMENT_TEXT.reasonHint}
          </p>
          {error && (
            <p className="field-error" id={`${id}-reason-error`}>
              {error}
            </p>
          )}
          <input
            id={`${id}-reason`}
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-reason-hint ${id}-reason-error` : `${id}-reason-hint`}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <div className="button-row">
          <button type="submit">{PAYMENT_TEXT.matchButton}</button>
          <button type="button" className="button-secondary" onClick={() => void act('mark')}>
            {PAYMENT_TEXT.markButton}
          </button>
        </div>
      </form>
    </li>
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
  const noticeRef = useRef<HTMLDivElement>(null);
  // Each outcome takes the focus: a decided credit leaves the list with the button that had it, and the
  // words are at the top of a list that may be long.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  // Reloaded after each decision: the other credits stay on screen meanwhile, with what was typed into them.
  const { state, retry: reload } = useLoad('queue', (s) => financeApi.queue(s), { keep: true });
  const answer = state.kind === 'ready' ? state.value : null;
  const lines = answer?.ok ? answer.value : null;

  const onImport = async () => {
    const chosen = file.current?.files?.[0];
    if (!chosen) {
      setNotice({ kind: 'alert', text: PAYMENT_TEXT.chooseFile });
      return;
    }
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
    if (wrong) {
      setNotice({ kind: 'alert', text: wrong });
      return;
    }
    const outcome = await financeApi.importStatement(chosen.name, csv, signal);
    setNotice(
      outcome.ok
        ? { kind: 'status', text: outcome.message }
        : { kind: 'alert', text: outcome.message ?? MESSAGES.systemDifficulties },
    );
    if (outcome.ok) reload();
  };

  const onDone = (result: { ok: boolean; message: string }) => {
    setNotice({ kind: result.ok ? 'status' : 'alert', text: result.message });
    reload();
  };

  return (
    <section aria-labelledby="page-heading" className="reconciliation">
      <h1 id="page-heading" tabIndex={-1}>
        {PAYMENT_TEXT.reconciliationHeading}
      </h1>
      <div ref={noticeRef} tabIndex={-1}>
        <div role={notice?.kind === 'alert' ? 'alert' : 'status'}>{notice?.text}</div>
      </div>
      <form
        aria-labelledby="import-heading"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onImport();
        }}
      >
        <h2 id="import-heading">{PAYMENT_TEXT.importHeading}</h2>
        <div className="field">
          <label htmlFor="statement-file">{PAYMENT_TEXT.statementFile}</label>
          <p className="hint" id="statement-hint">
            {PAYMENT_TEXT.statementHint}
          </p>
          <input ref={file} id="statement-file" type="file" accept=".csv,text/csv" aria-describedby="statement-hint" />
        </div>
        <button type="submit">{PAYMENT_TEXT.importButton}</button>
      </form>
      <h2 id="queue-heading">{PAYMENT_TEXT.queueHeading}</h2>
      {lines === null ? (
        <LoadStatus
          state={answer ? FAILED : state}
          loading={PAYMENT_TEXT.queueLoading}
          failed={(answer && !answer.ok && answer.message) || MESSAGES.systemDifficulties}
          retry={reload}
        />
      ) : lines.length === 0 ? (
        <p>{PAYMENT_TEXT.queueEmpty}</p>
      ) : (
        <ul className="queue" aria-labelledby="queue-heading">
          {lines.map((line) => (
            <QueueRow key={line.id} line={line} onDone={onDone} />
          ))}
        </ul>
      )}
    </section>
  );
}

export default ReconciliationScreen;
