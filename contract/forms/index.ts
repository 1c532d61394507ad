/** Form definitions of the generic e-service and their one validator (zod-free; see types.ts). */
export * from './types.ts';
export * from './messages.ts';
export * from './validate.ts';
export * from './defaults.ts';
export * from './rules.ts';
export * from './normalize.ts';
export * from './money.ts';
export * from './sg.ts';
export * from './summary.ts';
export * from './attachments.ts';
