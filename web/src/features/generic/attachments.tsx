import { createContext, useContext, useRef, useState } from 'react';
import {
  FORM_TEXT,
  formatFileSize,
  type AttachmentField,
  type FieldErrors,
  type FieldValue,
} from '#contract/forms/index.ts';
import { DOCUMENT_MESSAGES, scanNote } from '#contract/documents.ts';
import type { DocumentInfo } from '#contract/schemas/documents.ts';
import { fieldDomId } from './format.ts';
import { digestOf } from '../../lib/digest.ts';
import { useFocusWhenLost } from '../../lib/useFocusWhenLost.ts';

/**
 * Why a file chosen did not go in: an error to correct (shown in the summary too), or a note of a call that got
 * no answer, which leaves nothing to correct (docs/decisions/0108).
 */
export type UploadTrouble = { error: string } | { note: string };

/** What an attachment field needs from the screen: the record's files and the calls that change them. */
export interface Attachments {
  documents: DocumentInfo[];
  /** The record's files another account uploaded that this one may not see yet (docs/decisions/0105). */
  unseen: ReadonlySet<string>;
  /**
   * Uploads one file into the field (creating the draft first when there is none), showing its error, if
   * any; resolves to why it did not go in, or null when it went in (or the upload was given up). `digest` is
   * the file's SHA-256 when the browser could take it, to find an upload that went in without an answer.
   */
  upload: (fieldName: string, path: string, file: File, digest: string | null) => Promise<UploadTrouble | null>;
  /** Shows an error on the question (as a refused upload does), in the summary too. */
  showError: (path: string, message: string) => void;
  remove: (path: string, documentId: string) => Promise<void>;
  readOnly: boolean;
}

export const AttachmentsContext = createContext<Attachments | null>(null);

/**
 * An attachment question, GOV.UK "Upload a file": a file input that uploads on choosing, the list of
 * files uploaded with their sizes and a Remove button each, and the upload's error inline.
 */
export function AttachmentControl({
  field,
  value,
  errors,
}: {
  field: AttachmentField;
  value: FieldValue | undefined;
  errors: FieldErrors;
  onChange: (name: string, value: FieldValue) => void;
}) {
  const attachments = useContext(AttachmentsContext);
  const [uploading, setUploading] = useState<string | null>(null);
  // An upload that got no answer: said beside the question until the next choice, not as an error.
  const [note, setNote] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // After an upload or a removal, the control that had the focus may be gone (the file input once the
  // last file allowed is in, a file's Remove button): the focus then goes to the file input, or to the
  // list of files when there is no input, rather than to the page's start.
  const [settled, setSettled] = useState(0);
  useFocusWhenLost(settled, () => input.current ?? list.current);
  const id = fieldDomId(field.name);
  const hintId = field.hint ? `${id}-hint` : undefined;
  const error = errors[field.name];
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const noted = note !== null && !uploading;
  const ids = Array.isArray(value) ? (value as string[]) : [];
  const byId = new Map((attachments?.documents ?? []).map((d) => [d.id, d]));
  const unseen = attachments?.unseen ?? new Set<string>();
  // The server matches the field by its own name (a repeating group's child is named without its row).
  const fieldName = field.name.split('.').pop() ?? field.name;
  const full = ids.length >= field.maxFiles;
  const hasInput = !attachments?.readOnly && !full;
  const describedBy = [hintId, error && errorId, noted && statusId].filter(Boolean).join(' ') || undefined;
  // The question's id is what a Change link or an error link lands on: the file input, or without one (the
  // question has its maximum of files) the first Remove button, or the list of files when there is none (read
  // only, or only others' files). Otherwise the link would land on the hint (its id starts with the
  // question's), which takes no focus.
  const firstRemovable = attachments?.readOnly ? -1 : ids.findIndex((docId) => !unseen.has(docId));
  const removeId = (index: number) => (!hasInput && index === firstRemovable ? id : undefined);

  async function chosen(files: FileList | null) {
    if (!attachments || !files) return;
    const several = files.length > 1;
    const refused: string[] = [];
    const unanswered: string[] = [];
    setNote(null);
    // This render's list does not hold the files this choice has sent so far: the same file chosen twice
    // at once is looked for among those too.
    const sentNow = new Map<string, string>();
    for (const file of Array.from(files)) {
      setUploading(file.name);
      try {
        // The same file twice in one question is a slip (chosen again, not knowing it went in): said, not sent.
        const digest = await digestOf(file);
        const same =
          digest &&
          (ids.map((docId) => byId.get(docId)).find((d) => d?.sha256 === digest)?.fileName ?? sentNow.get(digest));
        if (same) {
          const message = DOCUMENT_MESSAGES.alreadyUploaded(same);
          if (several) refused.push(DOCUMENT_MESSAGES.ofFile(file.name, message));
          else attachments.showError(field.name, message);
          continue;
        }
        const trouble = await attachments.upload(fieldName, field.name, file, digest);
        if (trouble && 'error' in trouble) refused.push(DOCUMENT_MESSAGES.ofFile(file.name, trouble.error));
        else if (trouble) unanswered.push(several ? DOCUMENT_MESSAGES.ofFile(file.name, trouble.note) : trouble.note);
        else if (digest) sentNow.set(digest, file.name);
      } finally {
        setUploading(null);
      }
    }
    // Of several files chosen at once, the ones that went in would each clear the question's error: the
    // user would read no error and take every file as in. The question says which did not, and why.
    if (several && refused.length > 0) attachments.showError(field.name, refused.join('; '));
    if (unanswered.length > 0) setNote(unanswered.join('; '));
    if (input.current) input.current.value = '';
    setSettled((n) => n + 1);
  }

  async function remove(docId: string) {
    await attachments?.remove(field.name, docId);
    setSettled((n) => n + 1);
  }

  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={hasInput ? id : undefined}>
        {field.label}
        {field.required ? null : <span className="optional"> (optional)</span>}
      </label>
      {field.hint && (
        <p id={hintId} className="field-hint form-note">
          {field.hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          <span className="visually-hidden">Error:</span> {error}
        </p>
      )}
      {hasInput && (
        <input
          ref={input}
          id={id}
          type="file"
          name={field.name}
          multiple={field.maxFiles - ids.length > 1}
          accept={field.types.join(',')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => void chosen(e.target.files)}
        />
      )}
      <p role="status" id={statusId} className="form-note">
        {uploading ? FORM_TEXT.uploading(uploading) : (note ?? '')}
      </p>
      {ids.length === 0 ? (
        <p className="form-note">{FORM_TEXT.noFiles}</p>
      ) : (
        <ul
          ref={list}
          id={!hasInput && firstRemovable === -1 ? id : undefined}
          tabIndex={-1}
          className="file-list"
          aria-label={`${FORM_TEXT.uploadedFiles}: ${field.label}`}
        >
          {ids.map((docId, index) => {
            const doc = byId.get(docId);
            if (unseen.has(docId))
              return (
                <li key={docId}>
                  <span>
                    {FORM_TEXT.othersFile} <span className="form-note">({FORM_TEXT.othersFileNote})</span>
                  </span>
                </li>
              );
            const name = doc ? doc.fileName : 'A file';
            const note = doc && scanNote(doc.scanStatus);
            return (
              <li key={docId}>
                <span>
                  {name}
                  {doc && <span className="form-note"> ({formatFileSize(doc.sizeBytes)})</span>}
                  {note && (
                    // An infected file must be removed before submitting: marked as the error it is.
                    <span className={doc.scanStatus === 'infected' ? 'field-error' : 'form-note'}> {note}</span>
                  )}
                </span>
                {!attachments?.readOnly && (
                  <button
                    type="button"
                    id={removeId(index)}
                    className="button-secondary"
                    aria-describedby={removeId(index) && describedBy}
                    onClick={() => void remove(docId)}
                  >
                    {FORM_TEXT.removeFile} <span className="visually-hidden">{name}</span>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
