import { PROGRESS_BAR } from '#contract/index.ts';

/**
 * The top progress bar (spec §2, §4): shown while work runs, hidden when it completes; indeterminate,
 * in the configured colour and height (CSS custom properties set from PROGRESS_BAR). Three pixels at
 * the very top, it can never hide a focused control.
 */
export function ProgressBar({ active }: { active: boolean }) {
  const shown = PROGRESS_BAR.show && active;
  const determinate = (PROGRESS_BAR.mode as string) === 'determinate';
  return (
    <div
      className="progress-bar"
      data-mode={PROGRESS_BAR.mode}
      role="progressbar"
      aria-label="Page activity"
      aria-valuemin={determinate ? 0 : undefined}
      aria-valuemax={determinate ? 100 : undefined}
      aria-valuenow={determinate ? PROGRESS_BAR.value : undefined}
      hidden={!shown}
    >
      <div className="progress-bar-value" />
    </div>
  );
}
