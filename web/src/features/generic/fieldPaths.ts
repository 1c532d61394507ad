/**
 * Paths of a field in an error map or in the answers: the field itself, its parts and rows ('fee',
 * 'fee.amount', 'rows[0].x'…). Shared by the screen, which keeps or drops a field's errors, and by the
 * page answering an officer's request, which tells its questions' answers from the others.
 */
export const belongsTo = (path: string, name: string) =>
  path === name || path.startsWith(`${name}.`) || path.startsWith(`${name}[`);
