import { codeList } from '../codelists/index.ts';
import { formatIsoDate } from '../dates.ts';
import { formatMoney } from './money.ts';
import { isRecord, rowVisibility, visibility } from './rules.ts';
import type { FieldDef, FormDefinition } from './types.ts';
import { optionsOf } from './validate.ts';

/**
 * The answers of a record as people read them, in page order: "Check your answers" in the browser and the
 * acknowledgement PDF on the server show the same words. Hidden fields are left out; an empty answer
 * reads 'Not provided' (GOV.UK check answers pattern).
 */
export const NOT_PROVIDED = 'Not provided';

export interface SummaryRow {
  /** The answer's path (`creditors[1].amount`): a Change link's target. */
  path: string;
  label: string;
  value: string;
  /** The answer is the portal's, not asked (a fee): there is nothing to change, so no Change link. */
  fixed?: true;
}

export interface SummarySection {
  pageId: string;
  heading: string;
  rows: SummaryRow[];
}

export { formatIsoDate };

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** One answer as text; fileNames maps a document id to what to show for it (its name and size). */
export function describeAnswer(field: FieldDef, value: unknown, fileNames: Record<string, string> = {}): string {
  switch (field.type) {
    case 'amount': {
      if (!isRecord(value) || blank(value.amount)) return NOT_PROVIDED;
      return formatMoney(String(value.amount), String(value.currency ?? 'SGD'));
    }
    case 'date':
      return typeof value === 'string' && value.trim() ? formatIsoDate(value.trim()) : NOT_PROVIDED;
    case 'select':
    case 'radios': {
      if (typeof value !== 'string' || !value) return NOT_PROVIDED;
      return optionsOf(field).find((o) => o.value === value)?.label ?? value;
    }
    case 'checkboxes': {
      if (!Array.isArray(value) || value.length === 0) return NOT_PROVIDED;
      const options = optionsOf(field);
      return value.map((v) => options.find((o) => o.value === v)?.label ?? String(v)).join(', ');
    }
    case 'yesNo':
      return value === 'Y' ? 'Yes' : value === 'N' ? 'No' : NOT_PROVIDED;
    case 'declaration':
      return value === true ? 'Confirmed' : NOT_PROVIDED;
    case 'address': {
      if (!isRecord(value)) return NOT_PROVIDED;
      const parts = ['blockHouseNo', 'streetName', 'floorUnit', 'buildingName']
        .map((k) => String(value[k] ?? '').trim())
        .filter(Boolean);
      const postal = String(value.postalCode ?? '').trim();
      const country = String(value.country ?? '').trim();
      if (postal) parts.push(country && country !== 'SG' ? postal : `Singapore ${postal}`);
      if (country && country !== 'SG')
        parts.push(codeList('country').find((c) => c.code === country)?.label ?? country);
      return parts.length > 0 ? parts.join(', ') : NOT_PROVIDED;
    }
    case 'attachment': {
      if (!Array.isArray(value) || value.length === 0) return NOT_PROVIDED;
      return value.map((id) => fileNames[String(id)] ?? 'A file').join(', ');
    }
    case 'group':
      return Array.isArray(value) && value.length > 0 ? `${value.length}` : NOT_PROVIDED;
    default:
      return typeof value === 'string' && value.trim() ? value.trim() : NOT_PROVIDED;
  }
}

export function summarise(
  def: FormDefinition,
  answers: Record<string, unknown>,
  fileNames: Record<string, string> = {},
): SummarySection[] {
  const scope = visibility(def, answers);
  const sections: SummarySection[] = [];
  for (const page of def.pages) {
    const rows: SummaryRow[] = [];
    for (const section of page.sections) {
      if (!scope.sections.has(section)) continue;
      for (const field of section.fields) {
        if (!scope.shown.has(field.name)) continue;
        if (field.type !== 'group') {
          rows.push({
            path: field.name,
            label: field.label,
            value: describeAnswer(field, answers[field.name], fileNames),
            ...(field.type === 'amount' && field.fee ? { fixed: true as const } : {}),
          });
          continue;
        }
        const list = Array.isArray(answers[field.name]) ? (answers[field.name] as unknown[]) : [];
        if (list.length === 0) rows.push({ path: field.name, label: field.label, value: NOT_PROVIDED });
        list.forEach((row, i) => {
          const values = isRecord(row) ? row : {};
          const rowScope = rowVisibility(field.fields, values, scope);
          for (const child of field.fields) {
            if (!rowScope.shown.has(child.name)) continue;
            rows.push({
              path: `${field.name}[${i}].${child.name}`,
              label: `${field.itemLabel} ${i + 1}: ${child.label}`,
              value: describeAnswer(child, values[child.name], fileNames),
            });
          }
        });
      }
    }
    if (rows.length > 0) sections.push({ pageId: page.id, heading: page.heading, rows });
  }
  return sections;
}
