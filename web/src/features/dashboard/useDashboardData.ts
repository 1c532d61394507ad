import type { CasesSummary, CatalogueResponse } from '#contract/schemas/eservices.ts';
import { fetchCatalogue } from '../../lib/catalogue.ts';
import { FAILED, LOADING, useLoad, type Loadable } from '../../lib/http/useLoad.ts';
import { fetchCasesSummary } from './api.ts';

export interface DashboardData {
  catalogue: Loadable<CatalogueResponse>;
  /**
   * The records summary. Ready only once the catalogue is too (it names the e-services the records
   * belong to); failed when either call failed.
   */
  records: Loadable<CasesSummary>;
  retry: () => void;
}

/**
 * The catalogue and the records summary of the profile acted for: two calls side by side, loaded
 * again when that profile changes (a proxy switch). Answers are kept under the profile they belong
 * to, so nothing of the previous profile stays on screen, and a late answer for it is dropped.
 */
export function useDashboardData(actingProfileId: string): DashboardData {
  const catalogue = useLoad(actingProfileId, (signal) => fetchCatalogue(signal));
  const summary = useLoad(actingProfileId, fetchCasesSummary);
  const records: Loadable<CasesSummary> =
    catalogue.state.kind === 'failed' || summary.state.kind === 'failed'
      ? FAILED
      : catalogue.state.kind === 'ready' && summary.state.kind === 'ready'
        ? summary.state
        : LOADING;
  return {
    catalogue: catalogue.state,
    records,
    retry: () => {
      catalogue.retry();
      summary.retry();
    },
  };
}
