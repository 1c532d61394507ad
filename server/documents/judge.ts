import { basename } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import {
  DOCUMENT_FILE_NAME_MAX,
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPES,
  DEFAULT_DOCUMENT_LIMITS,
  DOCUMENT_MAX_BYTES_CEILING,
  DOCUMENT_TYPE_NAMES,
  type DocumentLimits,
  type DocumentType,
} from '#contract/documents.ts';
import { isWholeJpeg, isWholePng } from './image-check.ts';
import { inspectPdf } from './pdf-content.ts';

/**
 * The limits of an attachment field, found in the e-service's form definition wherever it sits (a page,
 * a section, a repeating group): `{ type: 'attachment', name, maxSizeBytes, maxFiles, types }` with types
 * as media types (contract/forms/types.ts). null when there is no such field, so an upload to any other
 * name is refused. Types we cannot judge by content are left out; sizes are held under the ceiling.
 */
export function attachmentLimits(form: unknown, fieldName: string): DocumentLimits | null {
  const field = findAttachment(form, fieldName, 0);
  if (!field) return null;
  const wanted = Array.isArray(field.types) ? field.types : [];
  const types = DOCUMENT_TYPE_NAMES.filter((t) => wanted.includes(DOCUMENT_TYPES[t].mediaType));
  const positive = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined);
  return {
    maxBytes: Math.min(positive(field.maxSizeBytes) ?? DEFAULT_DOCUMENT_LIMITS.maxBytes, DOCUMENT_MAX_BYTES_CEILING),
    maxFiles: positive(field.maxFiles) ?? DEFAULT_DOCUMENT_LIMITS.maxFiles,
    types: types.length > 0 ? types : DEFAULT_DOCUMENT_LIMITS.types,
  };
}

function findAttachment(node: unknown, name: string, depth: number): Record<string, unknown> | null {
  if (depth > 8 || typeof node !== 'object' || node === null) return null;
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findAttachment(item, name, depth + 1);
      if (found) return found;
    }
    return null;
  }
  const record = node as Record<string, unknown>;
  if (record.type === 'attachment' && record.name === name) return record;
  for (const value of Object.values(record)) {
    if (typeof value === 'object') {
      const found = findAttachment(value, name, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/** A refusal's `detail` is for the log: what the check found, which the user's message does not name. */
export type Judgement =
  { ok: true; type: DocumentType; mediaType: string } | { ok: false; message: string; detail?: string };

/** The checks that need no reading of the content: a scan comes after these and before the type. */
export function judgeSize(content: Uint8Array, limits: DocumentLimits): string | null {
  if (content.length === 0) return DOCUMENT_MESSAGES.empty;
  if (content.length > limits.maxBytes) return DOCUMENT_MESSAGES.tooLarge(limits);
  return null;
}

/**
 * What a file is, by its content alone: its name and the type the browser declared are not trusted. A PDF
 * is also read for what would run when it is opened (docs/decisions/0092).
 */
export async function judgeType(content: Uint8Array, limits: DocumentLimits): Promise<Judgement> {
  const sniffed = await fileTypeFromBuffer(content);
  const type = limits.types.find((t) => DOCUMENT_TYPES[t].mediaType === sniffed?.mime);
  if (!type) return { ok: false, message: DOCUMENT_MESSAGES.wrongType(limits) };
  if ((type === 'png' && !(await isWholePng(content))) || (type === 'jpg' && !isWholeJpeg(content)))
    return { ok: false, message: DOCUMENT_MESSAGES.damagedImage, detail: `not a whole ${type}` };
  if (type === 'pdf') {
    const verdict = await inspectPdf(content);
    if (verdict.kind === 'active')
      return { ok: false, message: DOCUMENT_MESSAGES.activeContent, detail: `active content: ${verdict.found}` };
    if (verdict.kind === 'encrypted')
      return { ok: false, message: DOCUMENT_MESSAGES.passwordProtected, detail: 'encrypted' };
    if (verdict.kind === 'unchecked')
      return { ok: false, message: DOCUMENT_MESSAGES.notChecked, detail: `not checked: ${verdict.why}` };
  }
  return { ok: true, type, mediaType: DOCUMENT_TYPES[type].mediaType };
}

/**
 * What a name must not keep: control characters (C0 and C1), line and paragraph separators, which break the
 * name onto a new line where it is shown, the characters Content-Disposition or a file system refuse, and
 * invisible formatting: the overrides and isolates that reorder the name ("invoice\u202Efdp.exe" shows as
 * "invoiceexe.pdf"), zero-width spaces, word joiners and soft hyphens, with which two names look the same.
 * Kept, as in what people type (contract/validation.ts, docs/decisions/0031): the direction marks (U+061C,
 * U+200E, U+200F), which reorder nothing, and the zero-width joiner and non-joiner, without which Persian and
 * Indic names, and emoji, are drawn otherwise.
 */
const NOT_IN_A_NAME = /[\p{Cc}\p{Zl}\p{Zp}"<>|:*?]|(?![\u061c\u200c-\u200f])\p{Cf}/gu;

/**
 * The name to keep and show: the last path segment, without the characters above, ending in an extension
 * of the type the content is (a PDF named .html would open as a web page once saved), at most
 * DOCUMENT_FILE_NAME_MAX characters; never empty.
 */
export function cleanFileName(name: string, type: DocumentType): string {
  // Browsers send a file name's " and line breaks as %22, %0D and %0A (HTML's multipart/form-data
  // encoding): read them back, so the quotes are taken out below rather than kept as "%22".
  const sent = name.replace(/%22/g, '"').replace(/%0[ad]/gi, '');
  const cleaned = basename(sent.replaceAll('\\', '/')).replace(NOT_IN_A_NAME, '').trim();
  const { extensions } = DOCUMENT_TYPES[type];
  const named = cleaned || 'document';
  const typed = extensions.some((e) => named.toLowerCase().endsWith(e)) ? named : `${named}${extensions[0]}`;
  const chars = [...typed];
  return chars.length > DOCUMENT_FILE_NAME_MAX ? chars.slice(-DOCUMENT_FILE_NAME_MAX).join('') : chars.join('');
}
