import { CASE_MESSAGES, CASE_STATUS_LABELS, applicantStatus } from '#contract/cases.ts';
import type { CaseDetail } from '#contract/schemas/eservices.ts';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog.tsx';

/** What the screen asks before it acts: deleting the record, or leaving input changed and not saved. */
export type Confirming = { kind: 'delete' } | { kind: 'discard'; then: () => void } | null;

/**
 * The confirmation asked for, if any, and the record's status for screen readers (a live region), after
 * whichever step the screen shows.
 */
export function RecordDialogs({
  confirming,
  record,
  onDelete,
  onClose,
}: {
  confirming: Confirming;
  record: CaseDetail | null;
  onDelete: () => void;
  onClose: () => void;
}) {
  return (
    <>
      {confirming?.kind === 'delete' && record && (
        <ConfirmDialog
          title="Delete record"
          message={CASE_MESSAGES.deleteConfirm(record.caseNumber)}
          confirmLabel="Delete"
          onConfirm={onDelete}
          onCancel={onClose}
        />
      )}
      {confirming?.kind === 'discard' && (
        <ConfirmDialog
          title="Unsaved changes"
          message={CASE_MESSAGES.discardConfirm}
          confirmLabel="Discard changes"
          onConfirm={() => {
            const then = confirming.then;
            onClose();
            then();
          }}
          onCancel={onClose}
        />
      )}
      <p className="visually-hidden" role="status">
        {record ? `Status: ${CASE_STATUS_LABELS[applicantStatus(record.status)]}` : ''}
      </p>
    </>
  );
}
