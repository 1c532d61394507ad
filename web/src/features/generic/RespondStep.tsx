import { withDependents, type FormDefinition, type Scope, type SummarySection } from '#contract/forms/index.ts';
import { PROGRESS_TEXT } from '#contract/officerScreens.ts';
import type { CaseDetail, CaseProgress } from '#contract/schemas/eservices.ts';
import { ErrorSummary } from '../../components/form/ErrorSummary.tsx';
import { CheckAnswers } from './CheckAnswers.tsx';
import { belongsTo } from './fieldPaths.ts';
import { fieldAt } from './flow.ts';
import { Notice } from './Notice.tsx';
import { RestoreOffer } from './RestoreOffer.tsx';
import { Questions, StepForm, type AskingProps } from './StepForm.tsx';
import { StepHeading } from './StepHeading.tsx';
import type { UnsavedInput } from './unsavedInput.ts';

/**
 * Answering an officer's request for more information (`&step=respond`): the request, its questions to
 * change (documents may be added, though the record is submitted), and the other answers as they stand.
 */
export function RespondStep({
  asking,
  title,
  record,
  request,
  form,
  scope,
  backHref,
  offer,
  onRestore,
  onDiscard,
  notice,
  onResubmit,
  sections,
}: {
  asking: AskingProps;
  /** The e-service's title. */
  title: string;
  record: CaseDetail;
  request: NonNullable<CaseProgress['request']>;
  /** The form the record was filled in with. */
  form: FormDefinition;
  scope: Scope;
  /** The record's view. */
  backHref: string;
  /** Input kept in this browser and not sent. */
  offer: UnsavedInput | null;
  onRestore: (input: UnsavedInput) => void;
  onDiscard: () => void;
  notice: string | null;
  onResubmit: () => void;
  /** Every answer of the record; those the request names are asked again instead. */
  sections: SummarySection[];
}) {
  const { values, errors, attempt, idFor, busy, onChange, attachments } = asking;
  // With the questions their answers show and those that show them: a changed answer may ask one that was
  // hidden. Each is asked only while the answers show it, as the form's pages ask it: a question the answers
  // hide would be typed in and then dropped as hidden.
  const names = withDependents(form, request.fields);
  const asked = names
    .filter((name) => scope.shown.has(name))
    .map((name) => fieldAt(form, name)?.field)
    .filter((f): f is NonNullable<typeof f> => f !== undefined);
  const others = sections
    .map((s) => ({ ...s, rows: s.rows.filter((r) => !names.some((n) => belongsTo(r.path, n))) }))
    .filter((s) => s.rows.length > 0);
  return (
    <>
      <StepHeading
        backHref={backHref}
        caption={
          <>
            {title}, {record.caseNumber}
          </>
        }
      >
        {PROGRESS_TEXT.changeRequested}
      </StepHeading>
      <div className="notice">
        <h2>{PROGRESS_TEXT.requestHeading}</h2>
        <p className="as-typed" dir="auto">
          {request.message}
        </p>
      </div>
      {/* An answer typed here and not yet sent (a reload, a session that ended) is kept: offered back. */}
      {offer && <RestoreOffer input={offer} onRestore={() => onRestore(offer)} onDiscard={onDiscard} />}
      <ErrorSummary errors={errors} attempt={attempt} hrefFor={() => null} idFor={idFor} />
      <Notice text={notice} />
      {/* The record is submitted, but the questions asked again may take documents. */}
      <StepForm
        labelledBy="resubmit-heading"
        busy={busy}
        onSubmit={onResubmit}
        attachments={{ ...attachments, readOnly: false }}
      >
        <h2 id="resubmit-heading">{PROGRESS_TEXT.resubmitHeading}</h2>
        <Questions fields={asked} values={values} errors={errors} onChange={onChange} scope={scope} />
        <div className="button-row">
          <button type="submit">{PROGRESS_TEXT.resubmit}</button>
        </div>
      </StepForm>
      {others.length > 0 && (
        <>
          <p className="form-note">{PROGRESS_TEXT.notRequested}</p>
          <CheckAnswers sections={others} />
        </>
      )}
    </>
  );
}
