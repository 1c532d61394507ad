import { SHELL_MESSAGES } from '#contract/index.ts';

/** The Computer Misuse Act warning (spec §2), on every page. */
export function WarningBanner() {
  return (
    <div className="warning-banner">
      <p>
        <span aria-hidden="true" className="warning-icon">
          !
        </span>
        {SHELL_MESSAGES.warningBanner}
      </p>
    </div>
  );
}
