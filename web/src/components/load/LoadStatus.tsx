import type { Loadable } from '../../lib/http/useLoad.ts';

export interface LoadStatusProps {
  state: Loadable<unknown>;
  /** Said while loading, as a polite status. */
  loading: string;
  /** Said when the call failed, as an alert. */
  failed: string;
  /** Offers Try again when given. */
  retry?: () => void;
}

/** How every screen says that what it shows is loading, or could not be loaded; nothing once it is there. */
export function LoadStatus({ state, loading, failed, retry }: LoadStatusProps) {
  if (state.kind === 'loading') return <p role="status">{loading}</p>;
  if (state.kind === 'ready') return null;
  return (
    <div role="alert" className="notice notice-error">
      <p>{failed}</p>
      {retry && (
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}
