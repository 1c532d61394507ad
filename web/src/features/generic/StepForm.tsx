import type { ReactNode } from 'react';
import type { FieldDef, FieldErrors, FieldValue, FormValues, Scope } from '#contract/forms/index.ts';
import { AttachmentsContext, type Attachments } from './attachments.tsx';
import { FieldControl } from './FieldControl.tsx';

/** What the screen gives each step that asks questions (a question page, check answers, the respond page). */
export interface AskingProps {
  values: FormValues;
  errors: FieldErrors;
  /** Counts the tries, so that the error summary takes the focus at each. */
  attempt: number;
  /** The id of a field's control, for the error summary's links. */
  idFor: (path: string) => string;
  /** An action of the screen is under way. */
  busy: boolean;
  onChange: (name: string, value: FieldValue) => void;
  /** The record's documents, for the questions that take files. */
  attachments: Attachments;
}

/**
 * The form of a step that asks questions. The screen checks the answers with the server's own validator
 * and says what is wrong in the error summary, so the browser's checks are off (noValidate); aria-busy
 * while the action it sent is under way (the controls stay enabled, so as not to drop the focus).
 */
export function StepForm({
  labelledBy,
  busy,
  onSubmit,
  attachments,
  children,
}: {
  /** The id of the heading that names the form. */
  labelledBy: string;
  busy: boolean;
  onSubmit: () => void;
  attachments: Attachments;
  children: ReactNode;
}) {
  return (
    <form
      aria-labelledby={labelledBy}
      aria-busy={busy}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <AttachmentsContext.Provider value={attachments}>{children}</AttachmentsContext.Provider>
    </form>
  );
}

/** Questions, each with its answer and errors; `scope` for those whose parts follow other answers. */
export function Questions({
  fields,
  values,
  errors,
  onChange,
  scope,
}: Pick<AskingProps, 'values' | 'errors' | 'onChange'> & { fields: FieldDef[]; scope?: Scope }) {
  return (
    <>
      {fields.map((field) => (
        <FieldControl
          key={field.name}
          field={field}
          value={values[field.name]}
          errors={errors}
          onChange={onChange}
          scope={scope}
        />
      ))}
    </>
  );
}
