import { RESPONSE_CODE } from './codes.ts';

/** Every JSON answer of the API (decisions.md §4). Zod schemas live in contract/schemas. */
export interface EnvelopeHeader {
  responseCode: string;
  responseDesc: string;
}

export interface Envelope<T> {
  header: EnvelopeHeader;
  responseJSON: T;
}

export function ok<T>(responseJSON: T, responseDesc = 'OK'): Envelope<T> {
  return { header: { responseCode: RESPONSE_CODE.OK, responseDesc }, responseJSON };
}

export function fail(responseCode: string, responseDesc: string): Envelope<null> {
  return { header: { responseCode, responseDesc }, responseJSON: null };
}

/** Is this value an envelope? (Kept free of zod so the web app's first load stays small.) */
export function isEnvelope(value: unknown): value is Envelope<unknown> {
  if (typeof value !== 'object' || value === null || !('header' in value) || !('responseJSON' in value)) return false;
  const header = (value as { header: unknown }).header;
  return (
    typeof header === 'object' &&
    header !== null &&
    typeof (header as EnvelopeHeader).responseCode === 'string' &&
    typeof (header as EnvelopeHeader).responseDesc === 'string'
  );
}
