import { useEffect, useRef, useState } from 'react';
import { DECISION_REASON_MAX, PAYMENT_TEXT } from '#contract/payments.ts';
import { showsNothing } from '#contract/validation.ts';

/** The finance screen's form pieces: a decision's text field, its reason, and the focus on a refused one. */

/** A text field of a finance decision, with its hint and its error (said beside it) when it has them. */
export function TextField(props: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  error: string;
  onChange: (value: string) => void;
}) {
  const { id, hint, error } = props;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      <input
        id={id}
        value={props.value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

/**
 * The reason as typed, or null with the error shown when it is too short to say anything, or longer than the
 * server keeps (refused there in the words of the call, not the finance officer's).
 */
export function useReason() {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const checked = () => {
    const given = reason.trim();
    // Zero-width characters (a paste brings them) pass trim() and the length but show nothing.
    const wrong =
      given.length < 3 || showsNothing(given)
        ? PAYMENT_TEXT.reasonRequired
        : given.length > DECISION_REASON_MAX
          ? PAYMENT_TEXT.reasonTooLong
          : '';
    setError(wrong);
    return wrong ? null : given;
  };
  return { reason, setReason, error, checked };
}

/**
 * The focus goes to the first field a refused decision marked invalid: the error is written beside it, and a
 * keyboard or screen reader user left on the button would hear nothing of it.
 */
export function useFocusInvalid() {
  const form = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  return { form, refused: () => setRefusals((n) => n + 1) };
}

/**
 * A form that takes a decision's reason alone and hands it on once it says something; else the error is said
 * beside the field, which takes the focus. What was typed stays while the form does, refused or not.
 */
export function ReasonForm(props: {
  id: string;
  hint: string;
  button: string;
  secondary?: boolean;
  onReason: (reason: string) => void;
}) {
  const { reason, setReason, error, checked } = useReason();
  const { form, refused } = useFocusInvalid();
  return (
    <form
      ref={form}
      noValidate
      aria-labelledby={`${props.id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        const given = checked();
        if (given === null) refused();
        else props.onReason(given);
      }}
    >
      <TextField
        id={`${props.id}-reason`}
        label={PAYMENT_TEXT.reasonLabel}
        hint={props.hint}
        value={reason}
        error={error}
        onChange={setReason}
      />
      <button type="submit" className={props.secondary ? 'button-secondary' : undefined}>
        {props.button}
      </button>
    </form>
  );
}
