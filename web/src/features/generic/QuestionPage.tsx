import type { ReactNode } from 'react';
import {
  FORM_TEXT,
  type FieldErrors,
  type FieldValue,
  type FormValues,
  type Page,
  type Scope,
} from '#contract/forms/index.ts';
import type { CaseDetail, CaseStatusResponse, EserviceDetail } from '#contract/schemas/eservices.ts';
import { ErrorSummary } from '../../components/form/ErrorSummary.tsx';
import { AttachmentsContext, type Attachments } from './attachments.tsx';
import { FieldControl } from './FieldControl.tsx';
import { Notice } from './Notice.tsx';
import { KeptElsewhereNotice, RestoreOffer } from './RestoreOffer.tsx';
import { StatusPanel } from './StatusPanel.tsx';
import type { KeptElsewhere, UnsavedInput } from './unsavedInput.ts';

/**
 * One question page of the form (`&page=ID`): its shown sections and questions, Continue and Save draft.
 * The first page also introduces the e-service and holds the record's status, Delete, Start a new record,
 * the user's records and the case search.
 */
export function QuestionPage({
  eservice,
  page,
  pageIndex,
  pageCount,
  backHref,
  record,
  history,
  offer,
  onRestore,
  onDiscard,
  keptElsewhere,
  ownProfileId,
  errors,
  attempt,
  hrefFor,
  idFor,
  notice,
  scope,
  values,
  busy,
  onChange,
  onContinue,
  onSaveDraft,
  onAskDelete,
  onStartNew,
  attachments,
  records,
}: {
  eservice: EserviceDetail;
  /** Null when the form has no question page to show. */
  page: Page | null;
  pageIndex: number;
  /** How many question pages the answers so far bring in. */
  pageCount: number;
  backHref: string | null;
  /** The draft the form is, once saved. */
  record: CaseDetail | null;
  history: CaseStatusResponse['history'] | null;
  /** Input kept in this browser and not saved. */
  offer: UnsavedInput | null;
  onRestore: (input: UnsavedInput) => void;
  onDiscard: () => void;
  /** Input for this e-service kept under the user's other profiles. */
  keptElsewhere: KeptElsewhere[];
  ownProfileId: string;
  errors: FieldErrors;
  /** Counts the tries, so that the error summary takes the focus at each. */
  attempt: number;
  hrefFor: (path: string) => string | null;
  idFor: (path: string) => string;
  notice: string | null;
  scope: Scope;
  values: FormValues;
  busy: boolean;
  onChange: (name: string, value: FieldValue) => void;
  onContinue: () => void;
  onSaveDraft: () => void;
  /** Asks whether to delete the record. */
  onAskDelete: () => void;
  onStartNew: () => void;
  attachments: Attachments;
  /** The user's records and the case search (YourRecords), on the first page only. */
  records: ReactNode;
}) {
  return (
    <>
      {backHref && (
        <a className="back-link" href={backHref}>
          {FORM_TEXT.back}
        </a>
      )}
      <p className="caption">{eservice.title}</p>
      <h1 id="page-heading" tabIndex={-1}>
        {page?.heading ?? eservice.title}
      </h1>
      <p className="progress">{FORM_TEXT.progress(pageIndex + 1, pageCount)}</p>
      {pageIndex === 0 && <p className="lead">{eservice.description}</p>}
      {offer && <RestoreOffer input={offer} onRestore={() => onRestore(offer)} onDiscard={onDiscard} />}
      {pageIndex === 0 && <KeptElsewhereNotice kept={keptElsewhere} ownProfileId={ownProfileId} />}
      {record && pageIndex === 0 && <StatusPanel record={record} history={history} />}
      <ErrorSummary errors={errors} attempt={attempt} hrefFor={hrefFor} idFor={idFor} />
      <Notice text={notice} />
      <form
        aria-labelledby="page-heading"
        aria-busy={busy}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onContinue();
        }}
      >
        <AttachmentsContext.Provider value={attachments}>
          {page?.sections
            .filter((section) => scope.sections.has(section))
            .map((section, i) => (
              <div key={i} className="form-section">
                {section.heading !== page.heading && <h2>{section.heading}</h2>}
                {section.description && <p className="form-note">{section.description}</p>}
                {section.fields
                  .filter((field) => scope.shown.has(field.name))
                  .map((field) => (
                    <FieldControl
                      key={field.name}
                      field={field}
                      value={values[field.name]}
                      errors={errors}
                      onChange={onChange}
                      scope={scope}
                    />
                  ))}
              </div>
            ))}
        </AttachmentsContext.Provider>
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
      </form>
      {pageIndex === 0 && records}
    </>
  );
}
