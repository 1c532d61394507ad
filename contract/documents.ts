/**
 * Supporting documents of e-service records: their calls, limits and the GOV.UK "Upload a file" messages
 * (docs/decisions/0037-documents-in-the-database.md). The type of a file is judged by its content.
 */

/** Paths under the API base; `:id` is the record id, `:documentId` the document's. */
export const DOCUMENT_PATHS = {
  /** GET lists a record's documents; POST (multipart, one file, `?field=`) uploads one. */
  ofCase: '/api/cases/:id/documents',
  /** GET downloads; POST …/delete removes (drafts only). */
  one: '/api/documents/:documentId',
  delete: '/api/documents/:documentId/delete',
} as const;

/**
 * Types a field may accept, by what the content is (file-type's names), with the words users read and the
 * extensions a kept file name may end in (the first is added to a name that ends in none of them).
 */
export const DOCUMENT_TYPES = {
  pdf: { mediaType: 'application/pdf', label: 'PDF', extensions: ['.pdf'] },
  jpg: { mediaType: 'image/jpeg', label: 'JPG', extensions: ['.jpg', '.jpeg'] },
  png: { mediaType: 'image/png', label: 'PNG', extensions: ['.png'] },
} as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;
export const DOCUMENT_TYPE_NAMES = Object.keys(DOCUMENT_TYPES) as DocumentType[];

export interface DocumentLimits {
  maxBytes: number;
  maxFiles: number;
  types: readonly DocumentType[];
}

/** An attachment field's limits unless its definition says otherwise. */
export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxFiles: 5,
  types: DOCUMENT_TYPE_NAMES,
};

/** The most any field may allow: the server never buffers more than this for one file. */
export const DOCUMENT_MAX_BYTES_CEILING = 20 * 1024 * 1024;

export const DOCUMENT_FILE_NAME_MAX = 200;

/**
 * The time limits of an upload (docs/decisions/0031). It has UPLOAD_ARRIVAL_MS to arrive whole, the
 * server's default REQUEST_TIMEOUT_MS (Node's limit is the server's, not a route's): a file at the default
 * 10 MB on a line of about 1 Mbit/s. Then the scan has UPLOAD_SCAN_MS, the default CLAMD_TIMEOUT_MS. The web
 * app waits for both, so that the server's answer, a 408 included, always comes before the app gives up.
 */
export const UPLOAD_ARRIVAL_MS = 90_000;
export const UPLOAD_SCAN_MS = 30_000;
export const UPLOAD_ANSWER_MS = UPLOAD_ARRIVAL_MS + UPLOAD_SCAN_MS;

/**
 * `10MB`, `512KB`: an upload's limit, as the GOV.UK pattern's error message writes it. A file's own size, on
 * a screen or in a PDF, is written by formatFileSize (contract/forms/messages.ts).
 */
export function formatLimit(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(1)}MB` : `${Math.ceil(bytes / 1024)}KB`;
}

function typeList(types: readonly DocumentType[]): string {
  const labels = types.map((t) => DOCUMENT_TYPES[t].label);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : (labels[0] ?? '');
}

/**
 * How many uploads are read, scanned and judged at once (docs/decisions/0115): each holds its file and what is
 * inflated of it while judged, and its judgement holds the event loop, so a script's forty at once stalled the
 * whole process.
 */
export const UPLOAD_LIMITS = {
  /** For one account: the web app sends one file at a time, a second question or tab another; not forty. */
  PER_ACCOUNT: 2,
  /** In one server process, whoever sends: bounds its memory and how long other calls wait. */
  PER_PROCESS: 4,
} as const;

/** An upload refused for those limits: shown beside the question, which keeps what was typed. */
export const UPLOAD_MESSAGES = {
  tooManyAtOnce: `You are already uploading ${UPLOAD_LIMITS.PER_ACCOUNT} files. Wait for them to finish, then choose this file again.`,
  busy: 'Many files are being uploaded just now. Wait a few seconds, then choose this file again.',
} as const;

/** GOV.UK "Upload a file" error messages. */
export const DOCUMENT_MESSAGES = {
  noFile: 'Select a file',
  virus: 'The selected file contains a virus',
  /**
   * A file kept before a scanner found a virus in it (docs/decisions/0067): named, since the question may
   * hold several, on submission and beside the file in the list.
   */
  virusIn: (fileName: string) => `${fileName} contains a virus – remove it and upload a clean copy`,
  infectedNote: 'Contains a virus – remove it',
  /**
   * The same beside a file of a record already sent, which its owner can no longer remove: the record went on
   * without it (docs/decisions/0067), so they are told so, and how to send a clean copy.
   */
  infectedSentNote: (phone: string) =>
    `Contains a virus, so it was not passed to the officer – call ${phone} to send a clean copy`,
  /** The same content chosen again for a question that has it already (its name there may differ). */
  alreadyUploaded: (fileName: string) => `The selected file is already uploaded here, as ${fileName}`,
  /**
   * Beside a file kept while no scanner is configured (the embedded default, docs/decisions/0037): officers do
   * not see it until a scanner has checked it (0067), and its uploader is told so rather than left to think
   * it is with them.
   */
  notScannedNote: 'Not yet checked for viruses – officers see it once it has been',
  empty: 'The selected file is empty',
  tooLarge: (limits: Pick<DocumentLimits, 'maxBytes'>) =>
    `The selected file must be smaller than ${formatLimit(limits.maxBytes)}`,
  wrongType: (limits: Pick<DocumentLimits, 'types'>) => `The selected file must be a ${typeList(limits.types)}`,
  /**
   * A PDF in which a viewer would run something (docs/decisions/0092): a script, a program, an action taken
   * by itself. Printing to PDF keeps what the pages show and drops the rest.
   */
  activeContent:
    'The selected file contains a script or an action that runs when it is opened – save it again as a PDF without it (for example, print it to PDF) and upload the new file',
  /** A PNG or JPG that starts as one and goes on as something else, or stops short (docs/decisions/0037). */
  damagedImage: 'The selected file is damaged – save the picture again as a JPG or PNG and upload the new file',
  /** An encrypted PDF, opened with a password or not: what it holds cannot be checked (0092). */
  passwordProtected:
    'The selected file is password protected – save it again without a password (for example, print it to PDF) and upload the new file',
  /** A PDF with a part the check could not read within its bounds, where a script could hide (0092). */
  notChecked:
    'The selected file could not be checked for scripts – save it again as a PDF (for example, print it to PDF) and upload the new file',
  tooMany: (limits: Pick<DocumentLimits, 'maxFiles'>) =>
    `You can only upload ${limits.maxFiles} ${limits.maxFiles === 1 ? 'file' : 'files'} here`,
  failed: 'The selected file could not be uploaded – try again',
  /**
   * An upload is one request of one part, the file: a request that carries more (a second file, a form field)
   * keeps none of it, rather than the first file alone.
   */
  oneFileOnly: 'Upload one file at a time – nothing was uploaded',
  /** One of several files chosen at once that did not go in: which one, before why. */
  ofFile: (fileName: string, message: string) => `${fileName}: ${message}`,
  /**
   * A file belongs to a record: on a new form its upload first saves a draft. When that save is refused
   * or fails, the file is not sent, and the question says so and why.
   */
  notUploadedErrors:
    'The selected file was not uploaded because your answers have errors – correct them, then choose the file again',
  notUploadedNoDraft: 'The selected file was not uploaded because your draft could not be saved – try again',
  /**
   * The upload, or the draft a new form's first file needs, got no answer (docs/decisions/0108): nothing on the
   * page to correct, so said beside the question as a note, never as an error. A file that went in regardless is
   * found when it is chosen again, not sent twice.
   */
  notUploadedNoAnswer: 'The selected file was not uploaded because the connection failed – choose it again',
  /** The draft refused for a reason trying again does not mend (the profile's draft limit, say): that reason. */
  notUploadedDraftRefused: (reason: string) =>
    `The selected file was not uploaded because your draft could not be saved. ${reason}`,
  /** A file chosen after the session had ended, said once the input typed with it is restored. */
  notUploadedSession: (fileName: string) => `${fileName} was not uploaded because your session ended – choose it again`,
  notAttachmentField: 'This question does not take a file',
  unavailable:
    'Files cannot be uploaded at the moment because they cannot be checked for viruses. Your answers are kept: try again later.',
  notFound: 'There is no such document for the profile you are acting for.',
  missing: 'The selected file could not be found – upload it again',
  notEditable: 'Documents of a record that has been submitted cannot be changed.',
  uploaded: 'File uploaded.',
  deleted: 'File removed.',
} as const;

/**
 * What the server reports of a scan: 'not_scanned' only in the embedded default without a scanner;
 * 'infected' for such a file a scanner configured later found a virus in (docs/decisions/0067), listed to
 * its uploader alone so that it can be removed, never given out.
 */
export const SCAN_STATUSES = ['clean', 'not_scanned', 'infected'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];

/**
 * What a file list says beside a file of this scan status, if anything (the same beside every list). `sent`:
 * the record has been sent, so an infected file cannot be removed, and the note gives the number to call.
 */
export function scanNote(status: ScanStatus, sent?: { phone: string }): string | null {
  if (status === 'infected')
    return sent ? DOCUMENT_MESSAGES.infectedSentNote(sent.phone) : DOCUMENT_MESSAGES.infectedNote;
  if (status === 'not_scanned') return DOCUMENT_MESSAGES.notScannedNote;
  return null;
}
