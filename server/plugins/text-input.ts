import type { FastifyInstance } from 'fastify';
import { MAX_BODY_NESTING, TEXT_INPUT_MESSAGES } from '#contract/index.ts';
import { withoutDirectionOverrides } from '#contract/validation.ts';
import { badRequest } from './errors.ts';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first problem of a string no stored value may hold, or null. */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return TEXT_INPUT_MESSAGES.nul;
  if (LONE_SURROGATE.test(value)) return TEXT_INPUT_MESSAGES.loneSurrogate;
  return null;
}

/**
 * Where in a parsed value the first bad string is (keys included), with its problem; null when none. Arrays
 * and objects nested deeper than MAX_BODY_NESTING are a problem of the whole value, refused here before any
 * walk that recurses (JSON.stringify when it is kept, a route's own) can overflow the stack on them: JSON.parse
 * does not recurse, so 10 kB of brackets reach this far (docs/decisions/0031).
 */
function findBadText(value: unknown, path: string[] = []): { where: string; problem: string } | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { where: path.join('.'), problem } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (path.length >= MAX_BODY_NESTING) return { where: '', problem: TEXT_INPUT_MESSAGES.tooDeep };
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((item, i) => [String(i), item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    const problem = textProblem(key);
    if (problem) return { where: [...path, '(a key)'].join('.'), problem };
    const found = findBadText(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * Every string a call brings in (path parameters, query, body, the decrypted body of an encrypted call,
 * object keys too) is refused with a 400 naming it when it holds a NUL character or a lone surrogate,
 * before any route or its schema sees it: one check for every schema, present and future, rather than a
 * rule each must remember (docs/decisions/0031). So is a body nested too deeply. Registered after the
 * payload decryption, so it sees the decrypted body.
 *
 * The query and body then lose their direction overrides, so that nothing one person writes (an officer's
 * reason, a bank statement's payer, a register entry) reorders the screen of another. An encrypted call's
 * body is left as sent: it carries passwords and codes, compared as typed, and nothing another reads.
 */
export function registerTextInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['path', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const found = findBadText(value);
      if (found) throw badRequest(TEXT_INPUT_MESSAGES.invalid(part, found.where, found.problem));
    }
    request.query = withoutDirectionOverrides(request.query);
    // payloadKey: the body was decrypted (server/plugins/encryption.ts).
    if (request.payloadKey === null) request.body = withoutDirectionOverrides(request.body);
  });
}
