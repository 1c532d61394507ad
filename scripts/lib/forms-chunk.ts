/**
 * The modules of the `forms` chunk (vite.config.ts; docs/decisions/0052): the forms' code shared with the
 * server that every step of an e-service form runs, the validator with its rules, summary and money beside the
 * schemas and code lists. Only the e-service screen imports it, and requests it with its own chunk (the preload
 * helper of vite.config.ts), so the split costs no round trip after that chunk; and the screen's own chunk
 * stays within the per-route 20 KB (scripts/size-budget.ts). The fees go with them: the schema and the
 * defaults import them, and a module the chunk imports from the screen's own chunk would tie the two in a
 * cycle, each importing from the other.
 */
export const FORM_ENGINE = [
  'schema',
  'types',
  'defaults',
  'validate',
  'rules',
  'summary',
  'normalize',
  'money',
  'attachments',
] as const;

/**
 * contract/forms modules left out: the forms' messages and Singapore's formats, which other screens import
 * (the error summary, the inbox and the back office the messages, the register the formats) and would load
 * this chunk for; and the barrel, which holds no code. A module of FORM_ENGINE that another screen comes to import brings the chunk to that
 * screen's route, which `npm run size` shows among the route's shared chunks.
 */
export const SHARED_FORM_MODULES = ['messages', 'sg', 'index'] as const;

/** Whether the bundler puts a module (its absolute path) in the `forms` chunk. */
export const FORMS_CHUNK = new RegExp(
  String.raw`[\\/]contract[\\/](codelists[\\/]|fees\.ts$|forms[\\/](${FORM_ENGINE.join('|')})\.ts$)`,
);
