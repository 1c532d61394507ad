/** Where a record's answers name its files: read by the server to check them, by the form to tidy them. */
import { allFields, isRecord, stripHidden } from './rules.ts';
import type { FormDefinition } from './types.ts';

/** A path to one answer: a field (`proof`) or a repeating group's row's field (`claims[0].proof`). */
const ROW_PATH = /^(\w+)\[(\d+)\]\.(\w+)$/;

/** Each attachment answer naming files: its path (`creditors[1].invoice`), its field and the document ids. */
export function attachmentAnswers(
  def: FormDefinition,
  answers: Record<string, unknown>,
): Array<{ path: string; field: string; ids: string[] }> {
  const found: Array<{ path: string; field: string; ids: string[] }> = [];
  const take = (path: string, field: string, value: unknown) => {
    if (Array.isArray(value) && value.length > 0) found.push({ path, field, ids: value.map(String) });
  };
  for (const field of allFields(def)) {
    if (field.type === 'attachment') take(field.name, field.name, answers[field.name]);
    if (field.type !== 'group') continue;
    const rows = answers[field.name];
    if (!Array.isArray(rows)) continue;
    rows.forEach((row, i) => {
      if (!isRecord(row)) return;
      for (const child of field.fields)
        if (child.type === 'attachment') take(`${field.name}[${i}].${child.name}`, child.name, row[child.name]);
    });
  }
  return found;
}

/**
 * The files a record's answers send: those an answer to a question that applies names. A file on a question
 * the answers hide (payslips of someone not employed), or that no answer names, is not sent: the draft keeps
 * it while it is edited, and the submission deletes it (docs/decisions/0110).
 */
export function sentFiles(def: FormDefinition, answers: Record<string, unknown>): Set<string> {
  return new Set(attachmentAnswers(def, stripHidden(def, answers)).flatMap((a) => a.ids));
}

/** Whether the answers still have the repeating group's row a path names (a field of no group: always). */
export function hasRowOf(answers: Record<string, unknown>, path: string): boolean {
  const m = ROW_PATH.exec(path);
  if (!m) return true;
  const rows = answers[m[1]!];
  return Array.isArray(rows) && isRecord(rows[Number(m[2])]);
}

/** The answers with the one at `path` changed, copying only what leads to it. */
export function updateAnswerAt<T extends Record<string, unknown>>(
  answers: T,
  path: string,
  update: (old: unknown) => unknown,
): T {
  const m = ROW_PATH.exec(path);
  if (!m) return { ...answers, [path]: update(answers[path]) };
  const [, group = '', index = '0', child = ''] = m;
  const rows = Array.isArray(answers[group]) ? [...(answers[group] as unknown[])] : [];
  const before = rows[Number(index)];
  const row: Record<string, unknown> = isRecord(before) ? { ...before } : {};
  row[child] = update(row[child]);
  rows[Number(index)] = row;
  return { ...answers, [group]: rows };
}
