import type { Ref } from 'react';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * Skip to main content. The app's hash holds the route, so following `#main-content` as an address
 * would navigate away: the click moves focus to <main> instead (the href stays for its meaning).
 */
export function SkipLink({ ref }: { ref?: Ref<HTMLAnchorElement> }) {
  return (
    <a
      ref={ref}
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById(MAIN_CONTENT_ID);
        main?.focus();
        main?.scrollIntoView?.();
      }}
    >
      Skip to main content
    </a>
  );
}
