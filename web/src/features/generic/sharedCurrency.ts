import { createContext } from 'react';
import {
  allFields,
  emptyAmount,
  isRecord,
  type AmountField,
  type AmountValue,
  type FieldValue,
  type FormDefinition,
  type FormValues,
  type GroupField,
  type RowValues,
} from '#contract/forms/index.ts';

/**
 * A repeating group whose amounts a total adds up (`sumOf`), neither of one fixed currency: the validator takes
 * the rows and the total in one currency only, so it is asked once, above the rows, and each row and the total
 * show it (docs/decisions/0094).
 */
export interface SharedCurrency {
  group: GroupField;
  /** The amount in each row that the total adds up. */
  item: AmountField;
  total: AmountField;
}

/** The form's groups whose currency is asked once. */
export function sharedCurrencies(form: FormDefinition): SharedCurrency[] {
  const fields = allFields(form);
  return fields.flatMap((total) => {
    if (total.type !== 'amount' || !total.sumOf || total.currency !== undefined) return [];
    const group = fields.find((f) => f.name === total.sumOf!.group);
    if (group?.type !== 'group') return [];
    const item = group.fields.find((c) => c.name === total.sumOf!.field);
    return item?.type === 'amount' && item.currency === undefined ? [{ group, item, total }] : [];
  });
}

const currencyIn = (value: unknown) =>
  isRecord(value) && typeof value.currency === 'string' ? value.currency : emptyAmount().currency;

/**
 * The one currency the rows and the total are in (`total` undefined while the total is not asked); null when
 * they differ, as in a draft saved before the currency was asked once, or one sent by a client of the API.
 */
export function currencyOf(share: SharedCurrency, rows: readonly RowValues[], total?: unknown): string | null {
  const all = new Set([
    ...rows.map((row) => currencyIn(row[share.item.name])),
    ...(total === undefined ? [] : [currencyIn(total)]),
  ]);
  if (all.size === 0) return emptyAmount().currency;
  return all.size === 1 ? [...all][0]! : null;
}

/** The rows and the total in `currency`, each amount as typed. */
export function inCurrency(
  share: SharedCurrency,
  rows: readonly RowValues[],
  total: unknown,
  currency: string,
): FormValues {
  const to = (value: unknown): AmountValue => ({ ...emptyAmount(), ...(isRecord(value) ? value : {}), currency });
  return {
    [share.group.name]: rows.map((row) => ({ ...row, [share.item.name]: to(row[share.item.name]) })),
    [share.total.name]: to(total),
  };
}

/**
 * Where an error about the currency of a row's amount or of the total is shown and linked to: the group's
 * one question (`expenses.currency`), while the group is shown; else the path itself.
 */
export function currencyQuestionOf(shares: readonly SharedCurrency[], path: string, shown: ReadonlySet<string>) {
  for (const { group, item, total } of shares) {
    if (!shown.has(group.name)) continue;
    if (
      path === `${total.name}.currency` ||
      new RegExp(`^${group.name}\\[\\d+\\]\\.${item.name}\\.currency$`).test(path)
    )
      return `${group.name}.currency`;
  }
  return path;
}

/** What the field controls need of the screen for the groups whose currency is asked once. */
export interface SharedCurrencyContextValue {
  shares: readonly SharedCurrency[];
  /** Changes several answers at once: a group's rows and their total, to a currency. */
  onChangeAnswers: (answers: Record<string, FieldValue>) => void;
}

export const SharedCurrencyContext = createContext<SharedCurrencyContextValue | null>(null);
