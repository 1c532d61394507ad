import { useRef, useState } from 'react';
import { DEFAULT_DOCUMENT_LIMITS, DOCUMENT_TYPES } from '#contract/documents.ts';
import { FORM_TEXT, formatFileSize } from '#contract/forms/index.ts';
import type { OfficerCase, OfficerDecisionDocument } from '#contract/officer.ts';
import { OFFICER_SCREEN_TEXT as TEXT } from '#contract/officerScreens.ts';
import { formatDay } from '../../components/shell/formatMoment.ts';
import { useFocusWhenLost } from '../../lib/useFocusWhenLost.ts';

/** The file input's id: what the error summary links to. */
export const DECISION_FILES_ID = 'decision-files';

const ACCEPT = DEFAULT_DOCUMENT_LIMITS.types.map((t) => DOCUMENT_TYPES[t].mediaType).join(',');

/** What is said beside a file: where it stands, and why the applicant does not get it when they do not. */
function noteOf(d: OfficerDecisionDocument): { text: string; error: boolean } {
  if (d.scanStatus === 'infected') return { text: TEXT.infectedForApplicant, error: true };
  const where = d.sentAt ? TEXT.sentWithDecision(formatDay(d.sentAt)) : TEXT.waitingForDecision;
  const text = `${formatFileSize(d.sizeBytes)}, ${TEXT.attachedBy(d.attachedBy)}, ${where}`;
  return { text: d.scanStatus === 'not_scanned' ? `${text}. ${TEXT.notScannedForApplicant}` : text, error: false };
}

/**
 * The files an officer attaches to the decision for the applicant (docs/decisions/0090), as the applicant's
 * own attachment questions take theirs (GOV.UK "Upload a file"): a file input that sends each file chosen at
 * once, the files waiting for the decision with a Remove button each, and those sent with a decision before.
 * A clean file downloads; an error is said by the input, and in the page's error summary.
 */
/** Whether the part is on the page: files may be attached for a decision, or some were. */
export const showsDecisionDocuments = (c: Pick<OfficerCase, 'decisionDocuments'>, mayAttach: boolean) =>
  mayAttach || c.decisionDocuments.length > 0;

export function DecisionDocuments({
  c,
  mayAttach,
  error,
  status,
  onAttach,
  onRemove,
  onDownload,
}: {
  c: OfficerCase;
  /** Whether this officer may attach to the decision the case waits for now (and remove what waits). */
  mayAttach: boolean;
  error: string | undefined;
  /** The upload under way, or what the last one came to (a live region). */
  status: string;
  /** Sends the files chosen, one after another; resolves once all have had an answer. */
  onAttach: (files: File[]) => Promise<void>;
  /** Removes a file waiting for the decision; resolves once the server has answered. */
  onRemove: (document: OfficerDecisionDocument) => Promise<void>;
  onDownload: (document: OfficerDecisionDocument) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // After an upload or a removal, the control that had the focus may be gone (the file's Remove button, the
  // error summary a refused file had focused): the focus then goes to the file input, or to the list without
  // one, rather than to the page's start, as with the applicant's own files.
  const [settled, setSettled] = useState(0);
  useFocusWhenLost(settled, () => input.current ?? list.current);
  const documents = c.decisionDocuments;
  if (!showsDecisionDocuments(c, mayAttach)) return null;
  const hintId = `${DECISION_FILES_ID}-hint`;
  const errorId = `${DECISION_FILES_ID}-error`;

  async function chosen(files: FileList | null) {
    if (!files || files.length === 0) return;
    await onAttach(Array.from(files));
    // Emptied, so that the same file chosen again (after a refusal mended) is a change the input reports.
    if (input.current) input.current.value = '';
    setSettled((n) => n + 1);
  }

  async function remove(document: OfficerDecisionDocument) {
    await onRemove(document);
    setSettled((n) => n + 1);
  }

  return (
    <section aria-labelledby="decision-documents-heading">
      <h2 id="decision-documents-heading">{TEXT.decisionDocumentsHeading}</h2>
      {documents.length === 0 ? (
        <p>{TEXT.noDecisionDocuments}</p>
      ) : (
        <ul ref={list} tabIndex={-1} className="officer-list file-list" aria-labelledby="decision-documents-heading">
          {documents.map((d) => {
            const note = noteOf(d);
            return (
              <li key={d.id}>
                {d.scanStatus === 'clean' ? (
                  <button type="button" className="button-link" onClick={() => onDownload(d)}>
                    {FORM_TEXT.downloadDocument(d.fileName)}
                  </button>
                ) : (
                  <span>{d.fileName}</span>
                )}{' '}
                <span className={note.error ? 'field-error' : 'form-note'}>({note.text})</span>
                {mayAttach && d.sentAt === null && (
                  <button type="button" className="button-secondary" onClick={() => void remove(d)}>
                    {FORM_TEXT.removeFile} <span className="visually-hidden">{d.fileName}</span>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {mayAttach && (
        <div className={error ? 'field field-invalid' : 'field'}>
          <label htmlFor={DECISION_FILES_ID}>{TEXT.attachLabel}</label>
          <p id={hintId} className="field-hint form-note">
            {TEXT.decisionDocumentsHint(DEFAULT_DOCUMENT_LIMITS)}
          </p>
          {error && (
            <p id={errorId} className="field-error">
              <span className="visually-hidden">Error:</span> {error}
            </p>
          )}
          <input
            ref={input}
            id={DECISION_FILES_ID}
            type="file"
            name="file"
            multiple
            accept={ACCEPT}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            onChange={(e) => void chosen(e.target.files)}
          />
          <p role="status" className="form-note">
            {status}
          </p>
        </div>
      )}
    </section>
  );
}
