import { SHELL_MESSAGES } from '#contract/index.ts';

/**
 * The Computer Misuse Act warning (spec §2), on every page. A labelled region: above the header, it would
 * otherwise be the one part of the page outside every landmark, missed by who moves from one to the next.
 */
export function WarningBanner() {
  return (
    <section className="warning-banner" aria-label="Warning">
      <p>
        <span aria-hidden="true" className="warning-icon">
          !
        </span>
        {SHELL_MESSAGES.warningBanner}
      </p>
    </section>
  );
}
