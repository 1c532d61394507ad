import { useEffect, useState } from 'react';
import { PAYMENT_TEXT, formatMoney, type ResolvedLine } from '#contract/payments.ts';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog.tsx';
import { LoadStatus } from '../../components/load/LoadStatus.tsx';
import { formatDateTime } from '../../components/shell/formatMoment.ts';
import { useAbortSignal } from '../../lib/http/useAbortSignal.ts';
import { FAILED } from '../../lib/http/useLoad.ts';
import { CreditFacts } from './CreditFacts.tsx';
import { financeApi } from './api.ts';
import { ReasonForm } from './fields.tsx';
import type { Run } from './ReconciliationScreen.tsx';
import { useKeptLoad } from './useKeptLoad.ts';

/**
 * One credit a person decided, and the undoing of that decision: a reason first, then a confirmation that
 * says what follows, since a payer may read the reason and be told their bill is owed again.
 */
function ResolvedRow({ line, run }: { line: ResolvedLine; run: Run }) {
  const signal = useAbortSignal();
  // The reason as checked, while the confirmation is open.
  const [confirming, setConfirming] = useState<string | null>(null);
  const id = `resolved-${line.id}`;
  const amount = formatMoney(line.amountCents);

  return (
    <li className="queue-line" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {line.transactionId}: {amount}
      </h3>
      <dl className="summary-list">
        <div>
          <dt>{PAYMENT_TEXT.decision}</dt>
          <dd>
            {line.status === 'matched' && line.billReference
              ? PAYMENT_TEXT.matchedTo(line.billReference)
              : PAYMENT_TEXT.markedDealtWith}
          </dd>
        </div>
        <div>
          <dt>{PAYMENT_TEXT.decisionReason}</dt>
          <dd>{line.resolution}</dd>
        </div>
        <div>
          <dt>{PAYMENT_TEXT.decidedBy}</dt>
          <dd>
            {line.resolvedBy}, <time dateTime={line.resolvedAt}>{formatDateTime(line.resolvedAt)}</time>
          </dd>
        </div>
        <CreditFacts credit={line} />
      </dl>
      <ReasonForm
        id={id}
        hint={PAYMENT_TEXT.undoReasonHint}
        button={PAYMENT_TEXT.undoButton}
        secondary
        onReason={setConfirming}
      />
      {confirming !== null && (
        <ConfirmDialog
          title={PAYMENT_TEXT.undoTitle}
          message={
            line.status === 'matched' && line.billReference
              ? PAYMENT_TEXT.undoMatch(line.transactionId, amount, line.billReference)
              : PAYMENT_TEXT.undoMark(line.transactionId, amount)
          }
          confirmLabel={PAYMENT_TEXT.undoButton}
          onConfirm={() => {
            setConfirming(null);
            run({
              label: PAYMENT_TEXT.undoButton,
              name: line.transactionId,
              list: 'resolved',
              id: line.id,
              request: ['undo', line.id, confirming],
              call: (key) => financeApi.undo(line.id, confirming, key, signal),
            });
          }}
          onCancel={() => setConfirming(null)}
        />
      )}
    </li>
  );
}

/**
 * The credits a person matched or marked lately, newest first, to undo a wrong decision (docs/decisions/0071).
 * Loaded only when asked for, as its own chunk: most visits to the screen never need it. Reloaded after every
 * decision (`decided` counts them), so an undone credit leaves it and a new decision joins it.
 */
export default function ResolvedCredits(props: {
  run: Run;
  decided: number;
  /** Told the credits each new answer lists: an undo that got no answer is taken once its credit has left. */
  settle: (list: 'resolved', ids: readonly string[]) => void;
}) {
  const { run, decided, settle } = props;
  const { state, shown, reloadFailed, failed, reload, tryAgain } = useKeptLoad(
    'resolved',
    (s) => financeApi.resolved(s),
    'resolved-heading',
    (lines) =>
      settle(
        'resolved',
        lines.map((l) => l.id),
      ),
  );
  useEffect(() => {
    if (decided > 0) reload();
  }, [decided, reload]);
  if (shown === null)
    return (
      <LoadStatus
        state={reloadFailed ? FAILED : state}
        loading={PAYMENT_TEXT.resolvedLoading}
        failed={failed}
        retry={tryAgain}
      />
    );
  return (
    <>
      {reloadFailed && <LoadStatus state={FAILED} loading="" failed={PAYMENT_TEXT.resolvedStale} retry={tryAgain} />}
      {shown.length === 0 ? (
        <p>{PAYMENT_TEXT.resolvedEmpty}</p>
      ) : (
        <ul className="queue" aria-labelledby="resolved-heading">
          {shown.map((line) => (
            <ResolvedRow key={line.id} line={line} run={run} />
          ))}
        </ul>
      )}
    </>
  );
}
