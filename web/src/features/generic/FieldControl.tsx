import { Fragment, memo, use, useCallback, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { YES_NO } from '#contract/index.ts';
import { codeList, type CodeListName } from '#contract/codelists/index.ts';
import {
  ADDRESS_PARTS,
  ADDRESS_PART_LABELS,
  FORM_TEXT,
  UNREADABLE_DATE,
  currencyInWords,
  currencySign,
  emptyAddress,
  emptyAmount,
  emptyRow,
  formatMoney,
  isApplicantsOwn,
  optionsOf,
  rowVisibility,
  type AddressPart,
  type AddressValue,
  type AmountValue,
  type FieldDef,
  type FieldErrors,
  type FieldValue,
  type GroupField,
  type Option,
  type RowValues,
  type Scope,
} from '#contract/forms/index.ts';
import { feeAnswer } from '#contract/fees.ts';
import { AttachmentControl } from './attachments.tsx';
import { fieldDomId } from './format.ts';
import { focusField } from './flow.ts';
import {
  currencyOf,
  currencyQuestionOf,
  inCurrency,
  SharedCurrencyContext,
  type SharedCurrency,
} from './sharedCurrency.ts';

export interface FieldControlProps {
  field: FieldDef;
  value: FieldValue | undefined;
  errors: FieldErrors;
  onChange: (name: string, value: FieldValue) => void;
  /** The form's answers as shown, for the conditions of a repeating group's fields. */
  scope?: Scope;
  /** An amount whose currency its group asks once (docs/decisions/0094): shown beside it, not asked. */
  currencyAskedOnce?: boolean;
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

/**
 * A select's options, rendered again only when its list or its blank changes: a key typed anywhere renders every
 * question of the page again, and a page of 30 rows held thousands of options (a currency list is about 170).
 */
const Options = memo(function Options({
  list,
  items,
  withBlank,
}: {
  list?: CodeListName;
  items?: Option[];
  withBlank: boolean;
}) {
  const options = items ?? (list ? codeList(list).map((i) => ({ value: i.code, label: i.label })) : []);
  return (
    <>
      {withBlank && <option value="">Select an option</option>}
      {options.map((item) => (
        <option key={item.value} value={item.value}>
          {item.label}
        </option>
      ))}
    </>
  );
});

/** Text-like inputs: the keyboard a phone shows follows what the field takes. */
function inputModeOf(field: FieldDef): 'numeric' | 'tel' | 'email' | undefined {
  if (field.type === 'number' || field.type === 'postalCode') return 'numeric';
  if (field.type === 'text' && field.format === 'digits') return 'numeric';
  if (field.type === 'mobile' || field.type === 'phone') return 'tel';
  if (field.type === 'email') return 'email';
  return undefined;
}

/**
 * The browser's autofill tokens (WCAG 1.3.5), on the applicant's own details only (docs/decisions/0119): anyone
 * else's question is `off`, so the browser does not offer the user's own email or number for a creditor's. A text
 * question that starts at the profile asks the applicant's name; an NRIC or FIN has no token.
 */
const OWN_AUTOCOMPLETE: Partial<Record<FieldDef['type'], string>> = {
  text: 'name',
  mobile: 'tel',
  phone: 'tel',
  email: 'email',
};
const autocompleteOf = (field: FieldDef) => (isApplicantsOwn(field) && OWN_AUTOCOMPLETE[field.type]) || 'off';

/** One field of a form definition, labelled, described by its hint and error, marked invalid when it is. */
export function FieldControl({ field, value, errors, onChange, scope, currencyAskedOnce }: FieldControlProps) {
  const id = fieldDomId(field.name);
  const hintId = field.hint ? `${id}-hint` : undefined;
  const hint = field.hint ? (
    <p id={hintId} className="field-hint form-note">
      {field.hint}
    </p>
  ) : null;
  // A question asking for at least one choice must be answered, required or not (the validator says so).
  const mustAnswer =
    field.required || field.type === 'declaration' || (field.type === 'checkboxes' && Boolean(field.minChoices));
  const requiredMark = mustAnswer ? null : <span className="optional"> (optional)</span>;

  if (field.type === 'attachment')
    return <AttachmentControl field={field} value={value} errors={errors} onChange={onChange} />;

  if (field.type === 'group')
    return <GroupControl field={field} value={value} errors={errors} onChange={onChange} scope={scope} hint={hint} />;

  if (field.type === 'radios' || field.type === 'checkboxes' || field.type === 'declaration') {
    return (
      <fieldset className="field-group" aria-describedby={hintId}>
        <legend>
          {field.label}
          {requiredMark}
        </legend>
        {hint}
        <ChoiceInputs field={field} value={value} errors={errors} onChange={onChange} />
      </fieldset>
    );
  }

  if (field.type === 'amount' && field.fee) {
    // The portal's fee, not a question (docs/decisions/0078): shown as check answers shows an answer.
    const fee = feeAnswer(field.fee);
    return (
      <div id={id} className="field">
        <dl className="fixed-amount">
          <dt>{field.label}</dt>
          <dd>{formatMoney(fee.amount, fee.currency)}</dd>
        </dl>
        {hint}
      </div>
    );
  }

  if (field.type === 'amount' || field.type === 'address' || field.type === 'yesNo') {
    // A total follows the currency its group asks, while the group is there to ask it. Read by the form's own
    // questions only (a row's have no scope), so a row's are not rendered again whenever the screen is.
    const sums = scope && use(SharedCurrencyContext)?.shares.find((s) => s.total.name === field.name);
    const askedOnce = currencyAskedOnce || (!!sums && scope!.shown.has(sums.group.name));
    return (
      <fieldset className="field-group" aria-describedby={hintId}>
        <legend>
          {field.label}
          {requiredMark}
        </legend>
        {hint}
        {field.type === 'amount' && (
          <AmountInputs
            field={field}
            value={value as AmountValue | undefined}
            errors={errors}
            onChange={onChange}
            askedOnce={askedOnce}
          />
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
      control = (
        <textarea {...common} dir="auto" rows={4} value={text} onChange={(e) => onChange(field.name, e.target.value)} />
      );
      break;
    case 'select':
      control = (
        <select {...common} value={text} onChange={(e) => onChange(field.name, e.target.value)}>
          <Options list={field.codeList} items={field.options} withBlank={!field.required || text === ''} />
        </select>
      );
      break;
    case 'date': {
      // A date the browser cannot read has no value and fires no change: it is taken when the user leaves the
      // input or presses Enter in it, as unreadable rather than as no answer.
      const take = (input: HTMLInputElement) => {
        const typed = input.validity.badInput ? UNREADABLE_DATE : input.value;
        if (typed !== text) onChange(field.name, typed);
      };
      control = (
        <input
          {...common}
          type="date"
          // Without a limit the year takes up to six digits, so a year typed over runs on (20272).
          max="9999-12-31"
          // The input keeps showing what was typed: it already has no value.
          value={text === UNREADABLE_DATE ? '' : text}
          onChange={(e) => onChange(field.name, e.target.value)}
          onBlur={(e) => take(e.currentTarget)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') take(e.currentTarget);
          }}
        />
      );
      break;
    }
    default:
      control = (
        <input
          {...common}
          type="text"
          // Written as typed: an answer in Arabic or Hebrew reads right to left, as on check answers.
          dir="auto"
          inputMode={inputModeOf(field)}
          autoComplete={autocompleteOf(field)}
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

/** One input of a composite answer: its id, its error and the id of the error's text. */
interface Part {
  id: string;
  error: string | undefined;
  errorId: string;
}

interface AmountInputProps {
  part: Part;
  label: string;
  amount: string;
  onChange: (amount: string) => void;
  /** A one-currency question's sign (`S$`), shown before the input. */
  sign?: string;
}

/** The amount's own input, labelled, with its error: the same keyboard and attributes with or without a sign. */
function AmountInput({ part, label, amount, onChange, sign }: AmountInputProps) {
  const { id, error, errorId } = part;
  const input = (
    <input
      id={id}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      value={amount}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(error && errorId)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <ErrorMessage id={errorId} message={error} />
      {sign === undefined ? (
        input
      ) : (
        <span className="amount-fixed">
          <span className="amount-sign" aria-hidden="true">
            {sign}
          </span>
          {input}
        </span>
      )}
    </div>
  );
}

function AmountInputs({ field, value, errors, onChange, askedOnce }: PartsProps<AmountValue> & { askedOnce: boolean }) {
  const fixed = field.type === 'amount' ? field.currency : undefined;
  const v = value ?? emptyAmount(fixed);
  const part = (p: keyof AmountValue): Part => {
    const id = fieldDomId(`${field.name}.${p}`);
    const error = errors[`${field.name}.${p}`];
    return { id, error, errorId: `${id}-error` };
  };
  const amount = part('amount');
  const currency = part('currency');
  const setAmount = (typed: string) => onChange(field.name, { ...v, amount: typed });
  if (askedOnce && v.currency) {
    // Its group asks the currency (docs/decisions/0094): the one this answer is in is shown, each row its own
    // while they differ; an error of it is shown, and linked to, by that question.
    return (
      <AmountInput
        part={amount}
        label={`Amount in ${currencyInWords(v.currency)}`}
        amount={v.amount}
        onChange={setAmount}
        sign={currencySign(v.currency)}
      />
    );
  }
  if (fixed !== undefined) {
    // One currency, so no choice of it: its sign before the input, and its error (an answer sent in another,
    // by an old draft or a client of the API) beside the only input there is, where the summary links.
    return (
      <AmountInput
        part={amount.error ? amount : { ...currency, id: amount.id }}
        label={`Amount in ${currencyInWords(fixed)}`}
        amount={v.amount}
        onChange={setAmount}
        sign={currencySign(fixed)}
      />
    );
  }
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
      <AmountInput part={amount} label="Amount" amount={v.amount} onChange={setAmount} />
    </div>
  );
}

/**
 * The tokens of the applicant's own address, part by part (docs/decisions/0119). A browser keeps an address's first
 * line whole ("10 Anson Road"): the street's input takes it, as no token is a block or house number alone; the
 * floor and unit ("#12-01") is its second line. No token is a building's name. Anyone else's address is `off`.
 */
const OWN_ADDRESS_AUTOCOMPLETE: Record<AddressPart, string> = {
  blockHouseNo: 'off',
  streetName: 'address-line1',
  floorUnit: 'address-line2',
  buildingName: 'off',
  postalCode: 'postal-code',
  country: 'country',
};

function AddressInputs({ field, value, errors, onChange }: PartsProps<AddressValue>) {
  const v = value ?? emptyAddress();
  const own = isApplicantsOwn(field);
  return (
    <>
      {ADDRESS_PARTS.map((p) => {
        const id = fieldDomId(`${field.name}.${p}`);
        const error = errors[`${field.name}.${p}`];
        const errorId = `${id}-error`;
        const common = {
          id,
          autoComplete: own ? OWN_ADDRESS_AUTOCOMPLETE[p] : 'off',
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
                dir="auto"
                // Digits only in Singapore: a keypad without letters would shut out a UK or Canadian postcode.
                inputMode={p === 'postalCode' && v.country === 'SG' ? 'numeric' : undefined}
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

/** Radios, checkboxes or a declaration's tick box. */
function ChoiceInputs({ field, value, errors, onChange }: PartsProps<FieldValue>) {
  const error = errors[field.name];
  const id = fieldDomId(field.name);
  const errorId = `${id}-error`;
  const described = describedBy(error && errorId);
  // The boxes the last tick unticked, said politely; `count` renews the words so the same ones are said again.
  const [unticked, setUnticked] = useState({ text: '', count: 0 });
  let inputs: ReactNode = null;
  if (field.type === 'radios' || field.type === 'checkboxes') {
    const chosen = Array.isArray(value) ? (value as string[]) : [];
    const options = optionsOf(field);
    const exclusive = new Set(options.filter((o) => o.exclusive).map((o) => o.value));
    // Ticked, an option that rules out the others stands alone, and another one unticks it, as GOV.UK's script
    // does (docs/decisions/0106): the answer is never one the validator refuses as contradictory.
    const tick = (picked: string) => {
      const kept = chosen.filter((v) => (exclusive.has(picked) ? false : !exclusive.has(v)));
      const dropped = chosen.filter((v) => !kept.includes(v));
      if (dropped.length > 0)
        setUnticked((u) => ({
          text: FORM_TEXT.choicesUnticked(dropped.map((v) => options.find((o) => o.value === v)?.label ?? v)),
          count: u.count + 1,
        }));
      onChange(field.name, [...kept, picked]);
    };
    inputs = (
      <div className={field.type === 'radios' ? 'radios' : 'checkboxes'}>
        {options.map((item, i) => (
          <Fragment key={item.value}>
            {item.exclusive && i > 0 && <p className="checkboxes-divider">{FORM_TEXT.exclusiveDivider}</p>}
            <label className="radio">
              <input
                // The first input carries the field's id, so the error summary's link lands on it.
                id={i === 0 ? id : `${id}-${item.value}`}
                type={field.type === 'radios' ? 'radio' : 'checkbox'}
                name={field.name}
                value={item.value}
                checked={field.type === 'radios' ? value === item.value : chosen.includes(item.value)}
                aria-describedby={described}
                onChange={(e) =>
                  field.type === 'radios'
                    ? onChange(field.name, item.value)
                    : e.target.checked
                      ? tick(item.value)
                      : onChange(
                          field.name,
                          chosen.filter((v) => v !== item.value),
                        )
                }
              />
              {item.label}
            </label>
          </Fragment>
        ))}
        {exclusive.size > 0 && (
          <p role="status" className="visually-hidden">
            {unticked.text && <span key={unticked.count}>{unticked.text}</span>}
          </p>
        )}
      </div>
    );
  } else if (field.type === 'declaration') {
    inputs = (
      <label className="radio">
        <input
          id={id}
          type="checkbox"
          name={field.name}
          checked={value === true}
          aria-describedby={described}
          onChange={(e) => onChange(field.name, e.target.checked)}
        />
        {field.text}
      </label>
    );
  }
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <ErrorMessage id={errorId} message={error} />
      {inputs}
    </div>
  );
}

/** A repeating group: each row a fieldset of its fields, with a button to remove it, and one to add a row. */
function GroupControl({
  field,
  value,
  errors,
  onChange,
  scope,
  hint,
}: PartsProps<FieldValue> & { scope?: Scope; hint: ReactNode }) {
  // The last removal, said politely; `count` renews the words so a second "Country 2 removed." is said too.
  const [removed, setRemoved] = useState({ text: '', count: 0 });
  const sharing = useContext(SharedCurrencyContext);
  const rows = Array.isArray(value) ? (value as RowValues[]) : [];
  const id = fieldDomId(field.name);
  const set = (next: RowValues[]) => onChange(field.name, next);
  // The rows and the change of the last render, for the rows' callbacks: those stay the same from render to render,
  // so a row whose answers did not change is not rendered again for each key typed elsewhere on the page.
  const latest = useRef({ rows, set });
  useLayoutEffect(() => {
    latest.current = { rows, set };
  });
  const changeRow = useCallback((i: number, name: string, v: FieldValue) => {
    const { rows, set } = latest.current;
    set(rows.map((r, j) => (j === i ? { ...r, [name]: v } : r)) as RowValues[]);
  }, []);
  const removeRow = useCallback(
    (i: number, item: string) => {
      // The row goes with its button (and, at the least rows, every Remove button): as the add another pattern
      // does, the focus goes to the group's heading, and the removal is said.
      flushSync(() => {
        const { rows, set } = latest.current;
        set(rows.filter((_, j) => j !== i));
        setRemoved((r) => ({ text: FORM_TEXT.rowRemoved(item, i + 1), count: r.count + 1 }));
      });
      document.getElementById(`${id}-legend`)?.focus();
    },
    [id],
  );
  if (field.type !== 'group') return null;
  const share = scope ? sharing?.shares.find((s) => s.group.name === field.name) : undefined;
  const total = share && scope!.shown.has(share.total.name) ? share.total : null;
  const chosen = share ? currencyOf(share, rows, total ? scope!.values[total.name] : undefined) : null;
  const error = errors[field.name];
  const errorId = `${id}-error`;
  const item = field.itemLabel;
  const full = field.maxRows !== undefined && rows.length >= field.maxRows;
  return (
    <fieldset id={id} tabIndex={-1} className="field-group" aria-describedby={describedBy(error && errorId)}>
      <legend id={`${id}-legend`} tabIndex={-1}>
        {field.label}
        {field.required || field.minRows ? null : <span className="optional"> (optional)</span>}
      </legend>
      {hint}
      <ErrorMessage id={errorId} message={error} />
      {share && sharing && (
        <GroupCurrency
          share={share}
          total={total}
          chosen={chosen}
          errors={errors}
          shown={scope!.shown}
          onChoose={(code) => sharing.onChangeAnswers(inCurrency(share, rows, scope!.values[share.total.name], code))}
        />
      )}
      {rows.map((row, i) => (
        <GroupRow
          key={i}
          group={field}
          index={i}
          row={row}
          shown={(scope ? [...rowVisibility(field.fields, row, scope).shown] : field.fields.map((f) => f.name)).join(
            ' ',
          )}
          errors={errors}
          currencyItem={share?.item.name}
          removable={rows.length > (field.minRows ?? 0)}
          onChangeRow={changeRow}
          onRemove={removeRow}
        />
      ))}
      {full ? (
        <p className="field-hint form-note">{FORM_TEXT.rowsFull(rows.length)}</p>
      ) : (
        <button
          type="button"
          className="button-secondary"
          onClick={() => {
            // On to the new row's first question (the Add button goes once the last row allowed is in), its
            // amount in the currency chosen for the rows.
            const row = emptyRow(field.fields);
            if (share && chosen) row[share.item.name] = { ...(row[share.item.name] as AmountValue), currency: chosen };
            flushSync(() => set([...rows, row]));
            const first = field.fields[0];
            if (first) focusField(fieldDomId(`${field.name}[${rows.length}].${first.name}`));
          }}
        >
          Add {rows.length === 0 ? 'a' : 'another'} {item.toLowerCase()}
        </button>
      )}
      <p role="status" className="visually-hidden">
        {removed.text && <span key={removed.count}>{removed.text}</span>}
      </p>
    </fieldset>
  );
}

/**
 * One row of a repeating group, rendered again only when its answers, what of it shows, the errors or its place
 * change: a key typed anywhere renders the page again, and a group may hold 30 rows.
 */
const GroupRow = memo(function GroupRow({
  group,
  index,
  row,
  shown,
  errors,
  currencyItem,
  removable,
  onChangeRow,
  onRemove,
}: {
  group: GroupField;
  index: number;
  row: RowValues;
  /** The names of the row's questions shown, joined by spaces (a string, the same from render to render). */
  shown: string;
  errors: FieldErrors;
  /** The amount whose currency the group asks once. */
  currencyItem: string | undefined;
  removable: boolean;
  onChangeRow: (index: number, name: string, value: FieldValue) => void;
  onRemove: (index: number, item: string) => void;
}) {
  const names = new Set(shown.split(' '));
  const item = group.itemLabel;
  return (
    <fieldset className="field-group">
      <legend>
        {item} {index + 1}
      </legend>
      {group.fields
        .filter((child) => names.has(child.name))
        .map((child) => (
          <FieldControl
            key={child.name}
            field={{ ...child, name: `${group.name}[${index}].${child.name}` }}
            value={row[child.name]}
            errors={errors}
            currencyAskedOnce={child.name === currencyItem}
            onChange={(_path, v) => onChangeRow(index, child.name, v)}
          />
        ))}
      {removable && (
        <button type="button" className="button-secondary" onClick={() => onRemove(index, item)}>
          Remove {item.toLowerCase()} {index + 1}
        </button>
      )}
    </fieldset>
  );
});

/**
 * A repeating group's one currency question (docs/decisions/0094): its rows and their total are in the currency
 * chosen here. While they are not all in one (a draft saved before), it has no answer and says so, and each shows
 * its own. The errors of a row's or the total's currency are shown here, where the summary links them.
 */
function GroupCurrency({
  share,
  total,
  chosen,
  errors,
  shown,
  onChoose,
}: {
  share: SharedCurrency;
  total: FieldDef | null;
  chosen: string | null;
  errors: FieldErrors;
  shown: ReadonlySet<string>;
  onChoose: (currency: string) => void;
}) {
  const path = `${share.group.name}.currency`;
  const id = fieldDomId(path);
  const hintId = `${id}-hint`;
  const messages = [
    ...new Set(Object.entries(errors).flatMap(([p, m]) => (currencyQuestionOf([share], p, shown) === path ? [m] : []))),
  ];
  const errorIds = messages.map((_, i) => `${id}-error${i === 0 ? '' : `-${i}`}`);
  const words = chosen === null ? FORM_TEXT.groupCurrencyMixed : FORM_TEXT.groupCurrencyHint;
  return (
    <div className={messages.length > 0 ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{FORM_TEXT.groupCurrency(share.group.label)}</label>
      <p id={hintId} className="field-hint form-note">
        {words(share.group.label, total?.label ?? null)}
      </p>
      {messages.map((message, i) => (
        <ErrorMessage key={message} id={errorIds[i]!} message={message} />
      ))}
      <select
        id={id}
        value={chosen ?? ''}
        aria-invalid={messages.length > 0 ? true : undefined}
        aria-describedby={describedBy(hintId, ...errorIds)}
        onChange={(e) => onChoose(e.target.value)}
      >
        <Options list="currency" withBlank={chosen === null} />
      </select>
    </div>
  );
}
