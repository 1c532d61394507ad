import { FORM_TEXT, type FieldDef, type SummarySection } from '#contract/forms/index.ts';
import { ErrorSummary } from '../../components/form/ErrorSummary.tsx';
import { CheckAnswers } from './CheckAnswers.tsx';
import { Notice } from './Notice.tsx';
import { KeptElsewhereNotice, RestoreOffer } from './RestoreOffer.tsx';
import { Questions, StepForm, type AskingProps } from './StepForm.tsx';
import { StepHeading } from './StepHeading.tsx';
import type { KeptElsewhere, UnsavedInput } from './unsavedInput.ts';

/**
 * Check answers (`&step=check`): every page's answers with a Change link each, then the declarations to
 * tick and the buttons that submit the record or save it as a draft.
 */
export function CheckStep({
  asking,
  title,
  backHref,
  hrefFor,
  notice,
  onReopen,
  sections,
  changeHref,
  declarations,
  offer,
  onRestore,
  onDiscard,
  keptElsewhere,
  ownProfileId,
  onSubmit,
  onSaveDraft,
}: {
  asking: AskingProps;
  /** The e-service's title. */
  title: string;
  /** The last question page, if any. */
  backHref: string | null;
  /** An error's link to its question on another page. */
  hrefFor: (path: string) => string | null;
  notice: string | null;
  /** Reopens the record's latest version, offering the input a refused save kept (Notice). */
  onReopen: () => void;
  sections: SummarySection[];
  changeHref: (pageId: string, path: string) => string;
  /** The declaration pages' fields (the declarations are ticked here, not on a page of their own). */
  declarations: FieldDef[];
  /** Input kept from before a reload, not restored or discarded yet: still offered here. */
  offer: UnsavedInput | null;
  onRestore: (input: UnsavedInput) => void;
  onDiscard: () => void;
  /** Input typed while acting for another profile: a check-answers link opened straight still says so. */
  keptElsewhere: KeptElsewhere[];
  ownProfileId: string;
  onSubmit: () => void;
  onSaveDraft: () => void;
}) {
  const { values, errors, attempt, idFor, busy, onChange, attachments } = asking;
  return (
    <>
      <StepHeading backHref={backHref} caption={title}>
        {FORM_TEXT.checkHeading}
      </StepHeading>
      {offer && <RestoreOffer input={offer} onRestore={() => onRestore(offer)} onDiscard={onDiscard} />}
      <KeptElsewhereNotice kept={keptElsewhere} ownProfileId={ownProfileId} />
      <ErrorSummary errors={errors} attempt={attempt} hrefFor={hrefFor} idFor={idFor} />
      <Notice text={notice} onReopen={onReopen} />
      <CheckAnswers sections={sections} changeHref={changeHref} />
      <StepForm labelledBy="send-heading" busy={busy} onSubmit={onSubmit} attachments={attachments}>
        <h2 id="send-heading">{FORM_TEXT.sendHeading}</h2>
        <p>{FORM_TEXT.sendText}</p>
        <Questions fields={declarations} values={values} errors={errors} onChange={onChange} />
        <div className="button-row">
          <button type="submit">{FORM_TEXT.submit(title)}</button>
          <button type="button" className="button-secondary" onClick={onSaveDraft}>
            {FORM_TEXT.saveDraft}
          </button>
        </div>
      </StepForm>
    </>
  );
}
