/**
 * Shared by the browser app and the build's prerender step (scripts/prerender.ts), which writes the same
 * test into its route gate: the one place that says which addresses show the prerendered home page.
 */
export const PRERENDERED_ATTR = 'data-prerendered';
/** `#/home` (with a query or anchor), `#/`, `#` or no hash at all. */
export const HOME_HASH = /^(#\/?(home)?([?#].*)?)?$/;
export const APP_PATHNAMES: readonly string[] = ['/', '/index.html'];

export function isHomeAddress(pathname: string, hash: string): boolean {
  return APP_PATHNAMES.includes(pathname) && HOME_HASH.test(hash);
}
