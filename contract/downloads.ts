/**
 * The PDFs the portal draws when they are downloaded (an acknowledgement, a receipt, a certificate, a register
 * extract): how many are drawn at once, and what a download refused for it says (docs/decisions/0095).
 */
export const PDF_DOWNLOAD_LIMITS = {
  /** For one account: a double click, or two papers asked for together, but not a script's forty. */
  PER_ACCOUNT: 2,
  /** In one server process, whoever asks: bounds how long other calls wait behind the drawing. */
  PER_PROCESS: 4,
} as const;

/** A refused download says why and what to do, where its link was pressed. */
export const PDF_DOWNLOAD_MESSAGES = {
  tooManyAtOnce: `You are already downloading ${PDF_DOWNLOAD_LIMITS.PER_ACCOUNT} documents. Wait for them to finish, then download this one again.`,
  busy: 'Many documents are being prepared just now. Wait a few seconds, then download this one again.',
} as const;
