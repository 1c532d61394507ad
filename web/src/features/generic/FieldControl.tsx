import type { ReactNode } from 'react';
import { YES_NO } from '../../../../contract/index.ts';
import { codeList, type CodeListName } from '../../../../contract/codelists/index.ts';
import {
  ADDRESS_PARTS,
  ADDRESS_PART_LABELS,
  emptyAddress,
  emptyAmount,
  type AddressValue,
  type AmountValue,
  type FieldDef,
  type FieldErrors,
  type FieldValue,
} from '../../../../contract/forms/index.ts';
import { fieldDomId } from './format.ts';

export interface FieldControlProps {
  field: FieldDef;
  value: FieldValue | undefined;
  errors: FieldErrors;
  onChange: (name: string, value: FieldValue) => void;
}

/** An error under a label, GOV.UK style: read out with the control through aria-describedby. */
function ErrorMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      <span className="visually-hidden">Error:</span> {message}
    </p>
  );
}

/** ids the control is described by: its hint and its error, when there are. */
function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

function Options({ list, withBlank }: { list: CodeListName; withBlank: boolean }) {
  return (
    <>
      {withBlank && <option value="">Select an option</option>}
      {codeList(list).map((item) => (
        <option key={item.code} value={item.code}>
          {item.label}
        </option>
      ))}
    </>
  );
}

/** Text-like inputs: the keyboard a phone shows follows what the field takes. */
function inputModeOf(field: FieldDef): 'numeric' | undefined {
  if (field.type === 'number' || field.type === 'postalCode') return 'numeric';
  if (field.type === 'text' && field.format === 'digits') return 'numeric';
  return undefined;
}

/** One field of a form definition, labelled, described by its hint and error, marked invalid when it is. */
export function FieldControl({ field, value, errors, onChange }: FieldControlProps) {
  const id = fieldDomId(field.name);
  const hintId = field.hint ? `${id}-hint` : undefined;
  const hint = field.hint ? (
    <p id={hintId} className="field-hint form-note">
      {field.hint}
    </p>
  ) : null;
  const requiredMark = field.required ? null : <span className="optional"> (optional)</span>;

  if (field.type === 'amount' || field.type === 'address' || field.type === 'yesNo') {
    return (
      <fieldset className="field-group" aria-describedby={hintId}>
        <legend>
          {field.label}
          {requiredMark}
        </legend>
        {hint}
        {field.type === 'amount' && (
          <AmountInputs field={field} value={value as AmountValue | undefined} errors={errors} onChange={onChange} />
        )}
        {field.type === 'address' && (
          <AddressInputs field={field} value={value as AddressValue | undefined} errors={errors} onChange={onChange} />
        )}
        {field.type === 'yesNo' && (
          <YesNoInputs field={field} value={value as string | undefined} errors={errors} onChange={onChange} />
        )}
      </fieldset>
    );
  }

  const error = errors[field.name];
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hintId, error && errorId),
  } as const;
  const text = typeof value === 'string' ? value : '';
  let control: ReactNode;
  switch (field.type) {
    case 'textarea':
      control = <textarea {...common} rows={4} value={text} onChange={(e) => onChange(field.name, e.target.value)} />;
      break;
    case 'select':
      control = (
        <select {...common} value={text} onChange={(e) => onChange(field.name, e.target.value)}>
          <Options list={field.codeList} withBlank={!field.required || text === ''} />
        </select>
      );
      break;
    case 'date':
      control = <input {...common} type="date" value={text} onChange={(e) => onChange(field.name, e.target.value)} />;
      break;
    default:
      control = (
        <input
          {...common}
          type="text"
          inputMode={inputModeOf(field)}
          autoComplete={field.type === 'postalCode' ? 'postal-code' : 'off'}
          spellCheck={false}
          value={text}
          onChange={(e) => onChange(field.name, e.target.value)}
        />
      );
  }
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>
        {field.label}
        {requiredMark}
      </label>
      {hint}
      <ErrorMessage id={errorId} message={error} />
      {control}
    </div>
  );
}

interface PartsProps<V> {
  field: FieldDef;
  value: V | undefined;
  errors: FieldErrors;
  onChange: (name: string, value: FieldValue) => void;
}

function AmountInputs({ field, value, errors, onChange }: PartsProps<AmountValue>) {
  const v = value ?? emptyAmount();
  const part = (p: keyof AmountValue) => {
    const id = fieldDomId(`${field.name}.${p}`);
    const error = errors[`${field.name}.${p}`];
    return { id, error, errorId: `${id}-error` };
  };
  const amount = part('amount');
  const currency = part('currency');
  return (
    <div className="amount-inputs">
      <div className={currency.error ? 'field field-invalid' : 'field'}>
        <label htmlFor={currency.id}>Currency</label>
        <ErrorMessage id={currency.errorId} message={currency.error} />
        <select
          id={currency.id}
          value={v.currency}
          aria-invalid={currency.error ? true : undefined}
          aria-describedby={describedBy(currency.error && currency.errorId)}
          onChange={(e) => onChange(field.name, { ...v, currency: e.target.value })}
        >
          <Options list="currency" withBlank={v.currency === ''} />
        </select>
      </div>
      <div className={amount.error ? 'field field-invalid' : 'field'}>
        <label htmlFor={amount.id}>Amount</label>
        <ErrorMessage id={amount.errorId} message={amount.error} />
        <input
          id={amount.id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={v.amount}
          aria-invalid={amount.error ? true : undefined}
          aria-describedby={describedBy(amount.error && amount.errorId)}
          onChange={(e) => onChange(field.name, { ...v, amount: e.target.value })}
        />
      </div>
    </div>
  );
}

const ADDRESS_AUTOCOMPLETE: Record<(typeof ADDRESS_PARTS)[number], string> = {
  blockHouseNo: 'address-line1',
  streetName: 'address-line2',
  floorUnit: 'address-line3',
  buildingName: 'address-level3',
  postalCode: 'postal-code',
  country: 'country',
};

function AddressInputs({ field, value, errors, onChange }: PartsProps<AddressValue>) {
  const v = value ?? emptyAddress();
  return (
    <>
      {ADDRESS_PARTS.map((p) => {
        const id = fieldDomId(`${field.name}.${p}`);
        const error = errors[`${field.name}.${p}`];
        const errorId = `${id}-error`;
        const common = {
          id,
          autoComplete: ADDRESS_AUTOCOMPLETE[p],
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy(error && errorId),
        } as const;
        return (
          <div key={p} className={error ? 'field field-invalid' : 'field'}>
            <label htmlFor={id}>{ADDRESS_PART_LABELS[p]}</label>
            <ErrorMessage id={errorId} message={error} />
            {p === 'country' ? (
              <select
                {...common}
                value={v.country}
                onChange={(e) => onChange(field.name, { ...v, country: e.target.value })}
              >
                <Options list="country" withBlank={v.country === ''} />
              </select>
            ) : (
              <input
                {...common}
                type="text"
                inputMode={p === 'postalCode' ? 'numeric' : undefined}
                value={v[p]}
                onChange={(e) => onChange(field.name, { ...v, [p]: e.target.value })}
              />
            )}
          </div>
        );
      })}
    </>
  );
}

function YesNoInputs({ field, value, errors, onChange }: PartsProps<string>) {
  const error = errors[field.name];
  const id = fieldDomId(field.name);
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <ErrorMessage id={errorId} message={error} />
      <div className="radios">
        {YES_NO.map((item, i) => (
          <label key={item.code} className="radio">
            <input
              // The first radio carries the field's id, so the error summary's link lands on it.
              id={i === 0 ? id : `${id}-${item.code}`}
              type="radio"
              name={field.name}
              value={item.code}
              checked={value === item.code}
              aria-describedby={describedBy(error && errorId)}
              onChange={() => onChange(field.name, item.code)}
            />
            {item.label}
          </label>
        ))}
      </div>
    </div>
  );
}
