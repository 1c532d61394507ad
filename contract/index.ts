export * from './codes.ts';
export * from './constants.ts';
export * from './envelope.ts';
export * from './messages.ts';
export * from './paths.ts';
export * from './validation.ts';
export * from './codelists.ts';
export * from './casenumber.ts';
