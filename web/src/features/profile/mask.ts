/** How many trailing characters of an identification number stay visible when it is masked. */
export const ID_VISIBLE_TAIL = 4;
export const MASK_CHAR = '•';

/** Masks all but the last four characters ('S1234567D' → '•••••567D'); short values are masked whole. */
export function maskIdNum(value: string): string {
  const chars = [...value];
  if (chars.length <= ID_VISIBLE_TAIL) return MASK_CHAR.repeat(chars.length);
  const visible = chars.slice(-ID_VISIBLE_TAIL).join('');
  return MASK_CHAR.repeat(chars.length - ID_VISIBLE_TAIL) + visible;
}

/** The visible tail of a masked value, for the screen-reader description. */
export function visibleTail(value: string): string {
  const chars = [...value];
  return chars.length <= ID_VISIBLE_TAIL ? '' : chars.slice(-ID_VISIBLE_TAIL).join('');
}
