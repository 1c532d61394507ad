import type { Page } from '@playwright/test';

/**
 * The pointer targets on the page that fail WCAG 2.5.8 Target Size (Minimum), each as a short description:
 * smaller than 24 × 24 CSS px and not spaced (a 24 px circle on its centre meets another target, or the
 * circle of another small one). A link inside a sentence is exempt, as the criterion says. axe checks
 * target-size only as a best practice, and not for every kind of control. With `within` (a selector), only the
 * targets inside it are reported, still measured against every other target on the page.
 */
export function undersizedTargets(page: Page, within?: string): Promise<string[]> {
  return page.evaluate((within) => {
    const MIN = 24;
    const CONTROLS =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"]';
    const boxes = [...document.querySelectorAll<HTMLElement>(CONTROLS)]
      .filter((el) => {
        const style = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        // The skip link and other visually hidden text are 1 px until focused: not pointer targets.
        return r.width > 1 && r.height > 1 && style.visibility !== 'hidden' && !el.closest('[inert]');
      })
      .map((el) => ({ el, r: el.getBoundingClientRect() }));
    const small = (r: DOMRect) => r.width < MIN || r.height < MIN;
    const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
    const inSentence = (el: HTMLElement) =>
      el.tagName === 'A' &&
      getComputedStyle(el).display === 'inline' &&
      (el.parentElement?.textContent ?? '').replace(el.textContent ?? '', '').trim() !== '';
    return boxes
      .filter(({ el, r }) => small(r) && !inSentence(el) && (!within || el.closest(within)))
      .filter(({ el, r }) => {
        const c = centre(r);
        return boxes.some((other) => {
          if (other.el === el || other.el.contains(el) || el.contains(other.el)) return false;
          if (small(other.r)) {
            const o = centre(other.r);
            return Math.hypot(o.x - c.x, o.y - c.y) < MIN;
          }
          const nearestX = Math.max(other.r.left, Math.min(c.x, other.r.right));
          const nearestY = Math.max(other.r.top, Math.min(c.y, other.r.bottom));
          return Math.hypot(nearestX - c.x, nearestY - c.y) < MIN / 2;
        });
      })
      .map(({ el, r }) => {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
        return `${el.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}×${Math.round(r.height)}`;
      });
  }, within);
}
