import type { ReactNode } from 'react';
import { FORM_TEXT, type Page, type Scope } from '#contract/forms/index.ts';
import type { CaseDetail, CaseStatusResponse, EserviceDetail } from '#contract/schemas/eservices.ts';
import { ErrorSummary } from '../../components/form/ErrorSummary.tsx';
import { Notice } from './Notice.tsx';
import { KeptElsewhereNotice, RestoreOffer } from './RestoreOffer.tsx';
import { StatusPanel } from './StatusPanel.tsx';
import { Questions, StepForm, type AskingProps } from './StepForm.tsx';
import { StepHeading } from './StepHeading.tsx';
import type { KeptElsewhere, UnsavedInput } from './unsavedInput.ts';

/**
 * One question page of the form (`&page=ID`): its shown sections and questions, Continue and Save draft.
 * The first page also introduces the e-service and holds the record's status, Delete, Start a new record,
 * the user's records and the case search.
 */
export function QuestionPage({
  asking,
  eservice,
  page,
  pageIndex,
  pageCount,
  backHref,
  offer,
  onRestore,
  onDiscard,
  keptElsewhere,
  ownProfileId,
  record,
  history,
  hrefFor,
  notice,
  onReopen,
  scope,
  onContinue,
  onSaveDraft,
  onAskDelete,
  onStartNew,
  records,
}: {
  asking: AskingProps;
  eservice: EserviceDetail;
  /** Null when the form has no question page to show. */
  page: Page | null;
  pageIndex: number;
  /** How many question pages the answers so far bring in. */
  pageCount: number;
  backHref: string | null;
  /** Input kept in this browser and not saved. */
  offer: UnsavedInput | null;
  onRestore: (input: UnsavedInput) => void;
  onDiscard: () => void;
  /** Input for this e-service kept under the user's other profiles. */
  keptElsewhere: KeptElsewhere[];
  ownProfileId: string;
  /** The draft the form is, once saved. */
  record: CaseDetail | null;
  history: CaseStatusResponse['history'] | null;
  /** An error's link to its question on another page. */
  hrefFor: (path: string) => string | null;
  notice: string | null;
  /** Reopens the record's latest version, offering the input a refused save kept (Notice). */
  onReopen: () => void;
  scope: Scope;
  onContinue: () => void;
  onSaveDraft: () => void;
  /** Asks whether to delete the record. */
  onAskDelete: () => void;
  onStartNew: () => void;
  /** The user's records and the case search (YourRecords) where the journey shows them, else null. */
  records: ReactNode;
}) {
  const { values, errors, attempt, idFor, busy, onChange, attachments } = asking;
  return (
    <>
      <StepHeading backHref={backHref} caption={eservice.title}>
        {page?.heading ?? eservice.title}
      </StepHeading>
      <p className="progress">{FORM_TEXT.progress(pageIndex + 1, pageCount)}</p>
      {pageIndex === 0 && <p className="lead">{eservice.description}</p>}
      {offer && <RestoreOffer input={offer} onRestore={() => onRestore(offer)} onDiscard={onDiscard} />}
      {pageIndex === 0 && <KeptElsewhereNotice kept={keptElsewhere} ownProfileId={ownProfileId} />}
      {record && pageIndex === 0 && <StatusPanel record={record} history={history} />}
      <ErrorSummary errors={errors} attempt={attempt} hrefFor={hrefFor} idFor={idFor} />
      <Notice text={notice} onReopen={onReopen} />
      <StepForm labelledBy="page-heading" busy={busy} onSubmit={onContinue} attachments={attachments}>
        {page?.sections
          .filter((section) => scope.sections.has(section))
          .map((section, i) => (
            <div key={i} className="form-section">
              {section.heading !== page.heading && <h2>{section.heading}</h2>}
              {section.description && <p className="form-note">{section.description}</p>}
              <Questions
                fields={section.fields.filter((field) => scope.shown.has(field.name))}
                values={values}
                errors={errors}
                onChange={onChange}
                scope={scope}
              />
            </div>
          ))}
        <div className="button-row">
          <button type="submit">{FORM_TEXT.continue}</button>
          <button type="button" className="button-secondary" onClick={onSaveDraft}>
            {FORM_TEXT.saveDraft}
          </button>
          {record && pageIndex === 0 && (
            <button type="button" className="button-secondary" onClick={onAskDelete}>
              Delete
            </button>
          )}
          {record && pageIndex === 0 && (
            <button type="button" className="button-link" onClick={onStartNew}>
              Start a new record
            </button>
          )}
        </div>
      </StepForm>
      {records}
    </>
  );
}
