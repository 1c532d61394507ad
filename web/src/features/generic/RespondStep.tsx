import {
  FORM_TEXT,
  type FieldErrors,
  type FieldValue,
  type FormDefinition,
  type FormValues,
  type Scope,
  type SummarySection,
} from '#contract/forms/index.ts';
import { PROGRESS_TEXT } from '#contract/officerScreens.ts';
import type { CaseDetail, CaseProgress } from '#contract/schemas/eservices.ts';
import { ErrorSummary } from '../../components/form/ErrorSummary.tsx';
import { AttachmentsContext, type Attachments } from './attachments.tsx';
import { CheckAnswers } from './CheckAnswers.tsx';
import { FieldControl } from './FieldControl.tsx';
import { belongsTo } from './fieldPaths.ts';
import { fieldAt } from './flow.ts';
import { Notice } from './Notice.tsx';
import { RestoreOffer } from './RestoreOffer.tsx';
import type { UnsavedInput } from './unsavedInput.ts';

/**
 * Answering an officer's request for more information (`&step=respond`): the request, its questions to
 * change (documents may be added, though the record is submitted), and the other answers as they stand.
 */
export function RespondStep({
  title,
  record,
  request,
  form,
  scope,
  values,
  errors,
  attempt,
  idFor,
  sections,
  notice,
  busy,
  offer,
  onRestore,
  onDiscard,
  onChange,
  onResubmit,
  attachments,
  backHref,
}: {
  /** The e-service's title. */
  title: string;
  record: CaseDetail;
  request: NonNullable<CaseProgress['request']>;
  /** The form the record was filled in with. */
  form: FormDefinition;
  scope: Scope;
  values: FormValues;
  errors: FieldErrors;
  /** Counts the tries, so that the error summary takes the focus at each. */
  attempt: number;
  idFor: (path: string) => string;
  /** Every answer of the record; those the request names are asked again instead. */
  sections: SummarySection[];
  notice: string | null;
  busy: boolean;
  /** Input kept in this browser and not sent. */
  offer: UnsavedInput | null;
  onRestore: (input: UnsavedInput) => void;
  onDiscard: () => void;
  onChange: (name: string, value: FieldValue) => void;
  onResubmit: () => void;
  attachments: Attachments;
  /** The record's view. */
  backHref: string;
}) {
  const asked = request.fields
    .map((name) => fieldAt(form, name)?.field)
    .filter((f): f is NonNullable<typeof f> => f !== undefined);
  const others = sections
    .map((s) => ({ ...s, rows: s.rows.filter((r) => !request.fields.some((n) => belongsTo(r.path, n))) }))
    .filter((s) => s.rows.length > 0);
  return (
    <>
      <a className="back-link" href={backHref}>
        {FORM_TEXT.back}
      </a>
      <p className="caption">
        {title}, {record.caseNumber}
      </p>
      <h1 id="page-heading" tabIndex={-1}>
        {PROGRESS_TEXT.changeRequested}
      </h1>
      <div className="notice">
        <h2>{PROGRESS_TEXT.requestHeading}</h2>
        <p className="as-typed">{request.message}</p>
      </div>
      {/* An answer typed here and not yet sent (a reload, a session that ended) is kept: offered back. */}
      {offer && <RestoreOffer input={offer} onRestore={() => onRestore(offer)} onDiscard={onDiscard} />}
      <ErrorSummary errors={errors} attempt={attempt} hrefFor={() => null} idFor={idFor} />
      <Notice text={notice} />
      <form
        aria-labelledby="resubmit-heading"
        aria-busy={busy}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onResubmit();
        }}
      >
        <h2 id="resubmit-heading">{PROGRESS_TEXT.resubmitHeading}</h2>
        <AttachmentsContext.Provider value={{ ...attachments, readOnly: false }}>
          {asked.map((field) => (
            <FieldControl
              key={field.name}
              field={field}
              value={values[field.name]}
              errors={errors}
              onChange={onChange}
              scope={scope}
            />
          ))}
        </AttachmentsContext.Provider>
        <div className="button-row">
          <button type="submit">{PROGRESS_TEXT.resubmit}</button>
        </div>
      </form>
      {others.length > 0 && (
        <>
          <p className="form-note">{PROGRESS_TEXT.notRequested}</p>
          <CheckAnswers sections={others} />
        </>
      )}
    </>
  );
}
