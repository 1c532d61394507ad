import { startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

export { PRERENDERED_ATTR } from './prerendered-addresses.ts';
/** Longest wait for the app's first screen before it replaces the prerendered markup anyway. */
const SWAP_TIMEOUT_MS = 3_000;

/**
 * Renders the app into a detached root and puts it in place of the prerendered markup once it shows the
 * same thing: when the prerendered main shows a screen (home, or login put there by the route gate), once
 * the app's main holds its screen too; when the gate left the main empty (any other address), at the
 * app's first commit. Not hydration: the shell's first render depends on the browser (window width,
 * stored theme and session), which a build cannot know, and a swap of identical content neither flashes
 * nor shifts the layout (docs/decisions/0012-prerendered-home.md).
 *
 * The detached render is a transition, so React renders it in slices that yield to the browser: the
 * visitor already sees the prerendered page, and a key press or click is handled between two slices
 * instead of waiting for the whole app (Lighthouse's Total Blocking Time).
 */
export function replacePrerendered(container: HTMLElement, app: ReactNode): void {
  const fresh = document.createElement(container.tagName);
  fresh.id = container.id;
  const waitForScreen = Boolean(container.querySelector('main')?.hasChildNodes());
  const ready = () => (waitForScreen ? Boolean(fresh.querySelector('main')?.hasChildNodes()) : fresh.hasChildNodes());
  const swap = () => {
    if (fresh.isConnected) return;
    observer.disconnect();
    clearTimeout(timer);
    const restoreFocus = carryOverInput(container, fresh);
    container.replaceWith(fresh);
    restoreFocus();
  };
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    observer.disconnect();
    // In a task of its own: the swap does not lengthen the task that rendered the screen.
    setTimeout(swap);
  });
  observer.observe(fresh, { childList: true, subtree: true });
  const timer = setTimeout(swap, SWAP_TIMEOUT_MS);
  const root = createRoot(fresh);
  startTransition(() => root.render(app));
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';
const FIELDS = 'input, select, textarea';

/**
 * The same field in the app's markup: the one with its id, else (ids made by React's useId differ between
 * the build's render and the browser's) the one with its name, else the field at the same position (the
 * theme switch has neither), each time only if it is the same kind of field.
 */
function twinOf(field: Field, from: HTMLElement, to: HTMLElement): Field | undefined {
  const same = (twin: Field | undefined | null) =>
    twin?.tagName === field.tagName && twin.type === field.type ? twin : undefined;
  const nth = (selector: string) =>
    same(to.querySelectorAll<Field>(selector)[[...from.querySelectorAll(selector)].indexOf(field)]);
  return (
    (field.id ? same(to.querySelector<Field>(`#${CSS.escape(field.id)}`)) : undefined) ??
    (field.name ? nth(`[name="${CSS.escape(field.name)}"]`) : undefined) ??
    nth(FIELDS)
  );
}

/**
 * What a quick visitor already typed, chose or opened (the header search, the login form, the menu)
 * survives the swap, and so does focus. A value is set as typing would set it (the prototype's setter, then
 * an input event), so that React's value tracker sees a change and a controlled field's state follows; a box
 * is clicked. Returns what puts the focus back, to run once the app's markup is in place.
 */
function carryOverInput(from: HTMLElement, to: HTMLElement): () => void {
  for (const field of from.querySelectorAll<Field>(FIELDS)) {
    const box = field instanceof HTMLInputElement && /^(checkbox|radio)$/.test(field.type) ? field : null;
    // Only what the visitor changed: the app may rightly start a field elsewhere (the stored theme).
    const changed =
      field instanceof HTMLSelectElement
        ? [...field.options].some((option) => option.selected !== option.defaultSelected)
        : box
          ? box.checked !== box.defaultChecked
          : field.value !== field.defaultValue;
    const twin = changed ? twinOf(field, from, to) : undefined;
    if (!twin) continue;
    if (box) {
      if ((twin as HTMLInputElement).checked !== box.checked) twin.click();
    } else if (twin.value !== field.value) {
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(twin) as object, 'value')!.set!.call(twin, field.value);
      twin.dispatchEvent(new Event('input', { bubbles: true }));
      twin.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
  // A disclosure the visitor opened stays open: the build renders them collapsed (the menu, as on a phone)
  // and the route gate opens one on a tap (scripts/prerender.ts). The app's button for the same element is
  // clicked, so the app's state follows; one the app already shows open is left alone.
  for (const opened of from.querySelectorAll('[aria-controls][aria-expanded="true"]')) {
    const controls = CSS.escape(opened.getAttribute('aria-controls')!);
    to.querySelector<HTMLElement>(`[aria-controls="${controls}"][aria-expanded="false"]`)?.click();
  }
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !from.contains(active)) return () => undefined;
  // Focus goes to the same place in the new markup: the same field, else the element with its id, else the
  // one at its position among the focusable elements (a keyboard user who tabbed to the skip link keeps it).
  const target =
    (active.matches(FIELDS) ? twinOf(active as Field, from, to) : null) ??
    (active.id ? to.querySelector<HTMLElement>(`#${CSS.escape(active.id)}`) : null) ??
    to.querySelectorAll<HTMLElement>(FOCUSABLE)[[...from.querySelectorAll(FOCUSABLE)].indexOf(active)];
  return () => target?.focus();
}
