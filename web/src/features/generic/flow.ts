import type { DecisionDocumentInfo, DocumentInfo } from '#contract/schemas/documents.ts';
import type { CaseDetail, EserviceDetail } from '#contract/schemas/eservices.ts';
import {
  attachmentAnswers,
  updateAnswerAt,
  visibility,
  type FieldDef,
  type FieldErrors,
  type FormDefinition,
  type FormValues,
  type Page,
  type ValidationMode,
} from '#contract/forms/index.ts';
import { fieldDomId } from './format.ts';
import { currencyQuestionOf, sharedCurrencies } from './sharedCurrency.ts';
import type { UnsavedInput } from './unsavedInput.ts';

/**
 * The form in progress, kept in memory between the screens of one journey (question pages, check
 * answers, confirmation). Each page is its own address, and the router mounts a new screen on every
 * navigation (docs/decisions/0036-multi-page-forms.md): without this, each Continue or Back would load
 * the form and the record again and lose what was typed since the last save.
 */
export interface Flow {
  ownerKey: string;
  appCode: string;
  eservice: EserviceDetail;
  recordForm: FormDefinition | null;
  record: CaseDetail | null;
  values: FormValues;
  dirty: boolean;
  documents: DocumentInfo[];
  /**
   * The ids of the record's files another account uploaded that this one may not see yet (docs/decisions/0105),
   * as the list of files last said: each page names them so, with no Remove button.
   */
  unseen: ReadonlySet<string>;
  /** The files an officer sent with the decision on the record (docs/decisions/0090), as last fetched. */
  decisionDocuments: { caseId: string; list: DecisionDocumentInfo[] } | null;
  /**
   * The question pages the user has been shown, as questions or as answers on check answers: a Change that
   * brings in a page they have not seen goes through it before check answers.
   */
  seenPages: string[];
  /** The key of the first save of the record about to be made (createCaseRequestSchema). */
  createKey: string;
  /** Input kept from before a reload that the user has neither restored nor discarded: offered on every step. */
  offer: UnsavedInput | null;
  /**
   * The address the screen that kept this went to having just fetched the record it holds (opened from the
   * list, or submitted): the screen there shows it as fetched instead of asking for it again. Any other way to
   * it asks.
   */
  handedTo: string | null;
  /**
   * The errors the screen that kept this showed, and the mode of the check that found them: the page an error
   * link leads to shows those of its own questions (errorsLinkedTo).
   */
  errors: FieldErrors;
  errorMode: ValidationMode;
}

/** A key for the first save of a new record: one per record, kept while it is sent again. */
export const newCreateKey = () => crypto.randomUUID();

let kept: Flow | null = null;

export function keepFlow(flow: Flow): void {
  kept = flow;
}

export function forgetFlow(): void {
  kept = null;
}

/** The kept journey when it is this user's, of this e-service and of the record the address names. */
export function resumeFlow(ownerKey: string, appCode: string, caseId: string | null): Flow | null {
  if (!kept || !ownerKey || kept.ownerKey !== ownerKey || kept.appCode !== appCode) return null;
  return (kept.record?.id ?? null) === caseId ? kept : null;
}

/**
 * The answers with each attachment question listing every file of the record uploaded to it. A file is
 * the record's from its upload, its id in the answers only once they are saved: a tab closed (a session
 * ended) before that left it on the record but out of its question. A repeating group's files are not
 * matched (their row is not known).
 */
export function withUploadedFiles(form: FormDefinition, values: FormValues, documents: DocumentInfo[]): FormValues {
  let next = values;
  for (const page of form.pages)
    for (const section of page.sections)
      for (const field of section.fields) {
        if (field.type !== 'attachment') continue;
        const ids = Array.isArray(next[field.name]) ? (next[field.name] as string[]) : [];
        const missing = documents.filter((d) => d.fieldName === field.name && !ids.includes(d.id)).map((d) => d.id);
        if (missing.length > 0) next = { ...next, [field.name]: [...ids, ...missing] };
      }
  return next;
}

/**
 * A draft's answers without the files no longer in it: one removed (which deletes it at once) before the
 * answers were saved again still names it, and would show as a nameless "A file" that submitting refuses as
 * not found. Only with the record's list of files as loaded, never when it could not be. A file of another
 * account's that this one may not see (`unseen`, not yet passed by a scanner) is no removed file: it stays, and
 * the draft is not changed by it (docs/decisions/0105).
 */
export function withoutRemovedFiles(
  form: FormDefinition,
  values: FormValues,
  documents: DocumentInfo[],
  unseen: Array<{ id: string }> = [],
): FormValues {
  const held = new Set([...documents, ...unseen].map((d) => d.id));
  let next = values;
  for (const { path, ids } of attachmentAnswers(form, values))
    if (ids.some((id) => !held.has(id))) next = updateAnswerAt(next, path, () => ids.filter((id) => held.has(id)));
  return next;
}

/** The answers without any file: for a new record, as files belong to the record they were uploaded to. */
export function withoutFiles(form: FormDefinition, values: FormValues): FormValues {
  const next = { ...values };
  for (const page of form.pages)
    for (const section of page.sections)
      for (const field of section.fields) if (field.type === 'attachment') delete next[field.name];
  return next;
}

/** A page of nothing but declarations is not a question page: its tick box goes on check answers. */
export const isDeclarationPage = (page: Page) =>
  page.sections.every((s) => s.fields.every((f) => f.type === 'declaration'));

/**
 * The errors the journey's last screen showed of the questions on the page an address with an anchor reaches
 * (`pageId`, or the first when it names none or one that does not apply): those of an error link, or of a
 * Change link to a page whose answers are in error. The link goes to the field, and GOV.UK has the field say
 * what is wrong there too, with the page's own summary (WCAG 3.3.1, 3.3.3; docs/decisions/0036). An error of a
 * row's or a total's currency belongs to the page of the one question that asks it (currencyQuestionOf).
 */
export function errorsLinkedTo(flow: Flow, pageId: string | null): FieldErrors {
  const form = flow.recordForm ?? flow.eservice.form;
  const scope = visibility(form, flow.values);
  const pages = form.pages.filter((p) => !isDeclarationPage(p) && p.sections.some((s) => scope.sections.has(s)));
  const page = pages.find((p) => p.id === pageId) ?? pages[0];
  const shares = sharedCurrencies(form);
  return Object.fromEntries(
    Object.entries(flow.errors).filter(
      ([path]) => page && fieldAt(form, currencyQuestionOf(shares, path, scope.shown))?.page === page,
    ),
  );
}

/** The field a path names: `fee`, `fee.amount`, `creditors[1].name`. */
export function fieldAt(form: FormDefinition, path: string): { field: FieldDef; page: Page } | null {
  const m = /^([A-Za-z][A-Za-z0-9_]*)(?:\[\d+\]\.([A-Za-z][A-Za-z0-9_]*))?/.exec(path);
  if (!m) return null;
  for (const page of form.pages)
    for (const section of page.sections)
      for (const field of section.fields) {
        if (field.name !== m[1]) continue;
        if (m[2] && field.type === 'group') {
          const child = field.fields.find((c) => c.name === m[2]);
          return child ? { field: child, page } : { field, page };
        }
        return { field, page };
      }
  return null;
}

/**
 * The DOM id to focus for an answer's path: an amount's and an address's first input, else its own. A
 * one-currency amount asks no currency: an error of it (an answer in another, by an old draft) is by its input.
 */
export function targetId(form: FormDefinition, path: string): string {
  const found = fieldAt(form, path);
  const whole = !/\.[a-zA-Z]+$/.test(path) || /\]\.[A-Za-z0-9_]+$/.test(path);
  if (found && whole && found.field.type === 'amount') return fieldDomId(`${path}.amount`);
  if (found?.field.type === 'amount' && found.field.currency !== undefined && path.endsWith('.currency'))
    return fieldDomId(`${path.slice(0, -'.currency'.length)}.amount`);
  if (found && whole && found.field.type === 'address') return fieldDomId(`${path}.blockHouseNo`);
  return fieldDomId(path);
}

export { focusField } from '../../components/form/ErrorSummary.tsx';

export { saveBlob } from '../../lib/download.ts';

/** To another page of the journey: the router mounts its screen. */
export function navigate(to: string): void {
  window.location.hash = to;
}

/** When kept input was last changed (Date.now, out of the component's render for the linter). */
export const now = () => Date.now();
