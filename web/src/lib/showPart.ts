/**
 * Brings a part of the page into view and moves focus to it, for a screen reader to read on from there: a
 * folded part (<details>) is opened first and its summary focused; otherwise a focusable heading of its own
 * (tabindex="-1"), else the part itself. The app's hash holds the route, so an in-page link cannot be left to
 * the browser: the links and an address's anchor come here. False when the page has no such part (yet).
 */
export function showPart(id: string): boolean {
  const part = document.getElementById(id);
  if (!part) return false;
  if (part instanceof HTMLDetailsElement) part.open = true;
  const focus =
    part.querySelector<HTMLElement>(':scope > summary') ??
    part.querySelector<HTMLElement>(':scope > [tabindex="-1"]') ??
    part;
  // A control (a form's field an address names) is focusable already: tabindex="-1" would take it out of the
  // Tab order.
  if (focus === part && part.tabIndex < 0) part.setAttribute('tabindex', '-1');
  focus.focus({ preventScroll: true });
  part.scrollIntoView?.();
  return true;
}
