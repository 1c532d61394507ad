import {
  FORM_TEXT,
  type FieldDef,
  type FieldErrors,
  type FieldValue,
  type FormValues,
  type SummarySection,
} from '#contract/forms/index.ts';
import { ErrorSummary } from '../../components/form/ErrorSummary.tsx';
import { AttachmentsContext, type Attachments } from './attachments.tsx';
import { CheckAnswers } from './CheckAnswers.tsx';
import { FieldControl } from './FieldControl.tsx';
import { Notice } from './Notice.tsx';

/**
 * Check answers (`&step=check`): every page's answers with a Change link each, then the declarations to
 * tick and the buttons that submit the record or save it as a draft.
 */
export function CheckStep({
  title,
  backHref,
  changeHref,
  errors,
  attempt,
  hrefFor,
  idFor,
  notice,
  sections,
  declarations,
  values,
  busy,
  onChange,
  onSubmit,
  onSaveDraft,
  attachments,
}: {
  /** The e-service's title. */
  title: string;
  /** The last question page, if any. */
  backHref: string | null;
  changeHref: (pageId: string, path: string) => string;
  errors: FieldErrors;
  /** Counts the tries, so that the error summary takes the focus at each. */
  attempt: number;
  hrefFor: (path: string) => string | null;
  idFor: (path: string) => string;
  notice: string | null;
  sections: SummarySection[];
  /** The declaration pages' fields (the declarations are ticked here, not on a page of their own). */
  declarations: FieldDef[];
  values: FormValues;
  busy: boolean;
  onChange: (name: string, value: FieldValue) => void;
  onSubmit: () => void;
  onSaveDraft: () => void;
  attachments: Attachments;
}) {
  return (
    <>
      {backHref && (
        <a className="back-link" href={backHref}>
          {FORM_TEXT.back}
        </a>
      )}
      <p className="caption">{title}</p>
      <h1 id="page-heading" tabIndex={-1}>
        {FORM_TEXT.checkHeading}
      </h1>
      <ErrorSummary errors={errors} attempt={attempt} hrefFor={hrefFor} idFor={idFor} />
      <Notice text={notice} />
      <CheckAnswers sections={sections} changeHref={changeHref} />
      <form
        aria-labelledby="send-heading"
        aria-busy={busy}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <h2 id="send-heading">{FORM_TEXT.sendHeading}</h2>
        <p>{FORM_TEXT.sendText}</p>
        <AttachmentsContext.Provider value={attachments}>
          {declarations.map((field) => (
            <FieldControl
              key={field.name}
              field={field}
              value={values[field.name]}
              errors={errors}
              onChange={onChange}
            />
          ))}
        </AttachmentsContext.Provider>
        <div className="button-row">
          <button type="submit">{FORM_TEXT.submit(title)}</button>
          <button type="button" className="button-secondary" onClick={onSaveDraft}>
            {FORM_TEXT.saveDraft}
          </button>
        </div>
      </form>
    </>
  );
}
