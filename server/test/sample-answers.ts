import { feeAnswer } from '#contract/fees.ts';
import { addDays, optionsOf, type FieldDef, type FormDefinition } from '#contract/forms/index.ts';

/**
 * Answers a careful applicant would give to every question of a definition, so a test can submit any
 * e-service without a fixture per form: each field's type and limits are read from the definition; dates
 * follow their limits and comparisons; amounts compared "not above" another, or shares of a whole, take their
 * least value, a total the sum of its rows. Yes/no
 * questions answer No, so conditional questions stay hidden unless a test asks for them. Attachments are
 * left out (a test uploads its own); `refer` answers case-number questions that name a record.
 */
export function sampleAnswers(
  def: FormDefinition,
  today: string,
  refer: (field: FieldDef & { type: 'caseNumber' }) => string | undefined = () => undefined,
): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  const dates: Record<string, string> = {};
  const fields = def.pages.flatMap((p) => p.sections.flatMap((s) => s.fields));
  // Shares of a whole (sumOf with op gte) take their least, as amounts "not above" another do.
  const shares = new Set(
    fields.flatMap((f) => (f.type === 'amount' && f.sumOf?.op ? [`${f.sumOf.group}.${f.sumOf.field}`] : [])),
  );
  for (const field of fields) {
    if (field.type === 'group') {
      const rows = Math.max(field.minRows ?? 1, 1);
      answers[field.name] = Array.from({ length: rows }, () => {
        const row: Record<string, unknown> = {};
        for (const child of field.fields) {
          const value =
            child.type === 'amount' && shares.has(`${field.name}.${child.name}`)
              ? { amount: (Math.max(child.min ?? 1, 1) / 100).toFixed(2), currency: child.currency ?? 'SGD' }
              : valueFor(child, today, dates, refer);
          if (value !== undefined) row[child.name] = value;
        }
        return row;
      });
      continue;
    }
    // A whole the rows share out (op gte) comes before them and takes its own value, as they take theirs.
    const value =
      field.type === 'amount' && field.sumOf && !field.sumOf.op
        ? sumOf(answers, field.sumOf)
        : valueFor(field, today, dates, refer);
    if (value !== undefined) answers[field.name] = value;
  }
  return answers;
}

/** A total as the sum of its group's sample amounts (all in Singapore dollars), as the rule asks. */
function sumOf(answers: Record<string, unknown>, of: { group: string; field: string }) {
  const rows = (answers[of.group] ?? []) as Array<Record<string, { amount: string } | undefined>>;
  const cents = rows.reduce((sum, row) => sum + Math.round(Number(row[of.field]?.amount ?? 0) * 100), 0);
  return { amount: (cents / 100).toFixed(2), currency: 'SGD' };
}

function valueFor(
  field: FieldDef,
  today: string,
  dates: Record<string, string>,
  refer: (field: FieldDef & { type: 'caseNumber' }) => string | undefined,
): unknown {
  switch (field.type) {
    case 'text':
      return field.format === 'identifier' ? 'S1234567D001' : field.format === 'digits' ? '12345' : 'Sample answer';
    case 'textarea':
      return 'A short explanation.';
    case 'number': {
      const lower = field.compare?.some((c) => c.op === 'lte' || c.op === 'lt');
      return String(lower ? (field.min ?? 0) : Math.min(Math.max(field.min ?? 1, 1), field.max ?? 1));
    }
    case 'amount': {
      if (field.fee) return feeAnswer(field.fee);
      // Limits are in cents; "not above" another amount takes the least, the rest a round 1,000.00.
      const lower = field.compare?.some((c) => c.op === 'lte' || c.op === 'lt');
      const cents = lower
        ? Math.max(field.min ?? 1, 1)
        : Math.min(Math.max(field.min ?? 100_000, 100_000), field.max ?? 100_000);
      return { amount: (cents / 100).toFixed(2), currency: field.currency ?? 'SGD' };
    }
    case 'date': {
      let day = field.notInPast || field.maxDaysAhead !== undefined ? addDays(today, 7) : addDays(today, -7);
      // Moved only as far as each comparison needs, so a day between two others ("on or after the arrival,
      // on or before the return") meets both.
      for (const c of field.compare ?? []) {
        const other = dates[c.field] && addDays(dates[c.field]!, c.days ?? 0);
        if (!other) continue;
        if (c.op === 'gte' && day < other) day = other;
        else if (c.op === 'gt' && day <= other) day = addDays(other, 1);
        else if (c.op === 'lte' && day > other) day = other;
        else if (c.op === 'lt' && day >= other) day = addDays(other, -1);
      }
      dates[field.name] = day;
      return day;
    }
    case 'select':
    case 'radios':
      // PayNow: a payment e-service's record that the portal bills (PD bills nothing else, docs/decisions/0078).
      if (field.codeList === 'paymentMethod') return 'PAYNOW';
      return optionsOf(field).find((o) => o.value !== '')?.value;
    case 'checkboxes':
      return optionsOf(field)
        .slice(0, Math.max(field.minChoices ?? 1, 1))
        .map((o) => o.value);
    case 'yesNo':
      return 'N';
    case 'nric':
      return 'S9470855I';
    case 'uen':
      return '201403121W';
    case 'mobile':
      return '91234567';
    case 'phone':
      return '61234567';
    case 'email':
      return 'applicant@example.com';
    case 'postalCode':
      return '238823';
    case 'caseNumber':
      return refer(field) ?? `${field.caseType ?? 'BS'} 000042 2026`;
    case 'address':
      return {
        blockHouseNo: '10',
        streetName: 'Anson Road',
        floorUnit: '#10-01',
        buildingName: 'International Plaza',
        postalCode: '079903',
        country: 'SG',
      };
    case 'declaration':
      return true;
    case 'attachment':
      return undefined;
  }
}
