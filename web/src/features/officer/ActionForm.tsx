import type { FormEvent } from 'react';
import { OFFICER_ACTION_LABELS, type OfficerAction } from '#contract/officer.ts';
import type { ActionErrors, ActionInput } from './actionForms.ts';

/** One control of an action's form; id is the DOM id the error summary links to. */
export type ActionField =
  | { kind: 'text'; id: string; name: string; label: string }
  | { kind: 'choose'; id: string; name: string; label: string; placeholder: string; options: Choice[] }
  | { kind: 'tick'; id: string; name: string; legend: string; options: Choice[] };

export interface Choice {
  value: string;
  label: string;
}

/** An action that needs more than a click: its controls, and how the form's values make the request. */
export interface ActionDescription {
  action: OfficerAction;
  fields: ActionField[];
  read: (data: FormData) => ActionInput;
}

/** Each officer action's form, from its description: labelled controls, their errors, one button. */
export function ActionForm({
  description,
  errors,
  onAct,
}: {
  description: ActionDescription;
  errors: ActionErrors;
  onAct: (input: ActionInput) => void;
}) {
  const { action, fields, read } = description;
  return (
    <form
      noValidate
      aria-label={OFFICER_ACTION_LABELS[action]}
      onSubmit={(e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        onAct(read(new FormData(e.currentTarget)));
      }}
    >
      {fields.map((field) => (
        <Field key={field.id} field={field} error={errors[field.id]} />
      ))}
      <button type="submit" className="button-secondary">
        {OFFICER_ACTION_LABELS[action]}
      </button>
    </form>
  );
}

function Field({ field, error }: { field: ActionField; error: string | undefined }) {
  const errorId = `${field.id}-error`;
  const message = error && (
    <p id={errorId} className="field-error">
      <span className="visually-hidden">Error:</span> {error}
    </p>
  );
  const invalid = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;
  switch (field.kind) {
    case 'text':
      return (
        <div className="field">
          <label htmlFor={field.id}>{field.label}</label>
          {message}
          {/* No maxlength: it would cut a longer paste without a word; checkAction says it is too long. */}
          <textarea id={field.id} name={field.name} rows={3} {...invalid} />
        </div>
      );
    case 'choose':
      return (
        <div className="field">
          <label htmlFor={field.id}>{field.label}</label>
          {message}
          <select id={field.id} name={field.name} defaultValue="" {...invalid}>
            <option value="">{field.placeholder}</option>
            {field.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      );
    case 'tick':
      // The first box carries the field's id: the error summary's link lands on it.
      return (
        <fieldset className="field" aria-describedby={invalid['aria-describedby']}>
          <legend>{field.legend}</legend>
          {message}
          {field.options.map((o, i) => {
            const id = i === 0 ? field.id : `${field.id}-${o.value}`;
            return (
              <div className="field-checkbox" key={o.value}>
                <input type="checkbox" id={id} name={field.name} value={o.value} />
                <label htmlFor={id}>{o.label}</label>
              </div>
            );
          })}
        </fieldset>
      );
  }
}
