import { CONNECTION_MESSAGES } from '#contract/index.ts';

/**
 * In place of a screen that would not load or show (docs/decisions/0032-losing-the-network.md): what
 * happened, and a way to try again. Its h1 takes the focus as a screen's would.
 */
export function PageTrouble({ retry }: { retry: () => void }) {
  return (
    <section className="error-screen" aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        {CONNECTION_MESSAGES.pageTitle}
      </h1>
      <p>{navigator.onLine ? CONNECTION_MESSAGES.pageFailed : CONNECTION_MESSAGES.pageOffline}</p>
      <p>
        <button type="button" className="button" onClick={retry}>
          {CONNECTION_MESSAGES.retry}
        </button>
      </p>
    </section>
  );
}
