import { useEffect, useState } from 'react';
import type { CasesSummary, CatalogueResponse } from '../../../../contract/schemas/eservices.ts';
import { fetchCasesSummary, fetchCatalogue } from './api.ts';

export type Loadable<T> = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; value: T };

export interface DashboardData {
  catalogue: Loadable<CatalogueResponse>;
  /**
   * The records summary. Ready only once the catalogue is too (it names the e-services the records
   * belong to); failed when either call failed.
   */
  records: Loadable<CasesSummary>;
  retry: () => void;
}

const LOADING = { kind: 'loading' } as const;
const FAILED = { kind: 'failed' } as const;

interface Answers {
  key: string;
  catalogue: Loadable<CatalogueResponse>;
  summary: Loadable<CasesSummary>;
}

/**
 * The catalogue and the records summary of the profile acted for: two calls side by side, loaded
 * again when that profile changes (a proxy switch). Answers are kept under the profile they belong
 * to, so nothing of the previous profile stays on screen, and a late answer for it is dropped.
 */
export function useDashboardData(actingProfileId: string): DashboardData {
  const [attempt, setAttempt] = useState(0);
  const key = `${actingProfileId}#${attempt}`;
  const [state, setState] = useState<Answers>({ key: '', catalogue: LOADING, summary: LOADING });

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const settle = (answer: Partial<Omit<Answers, 'key'>>) => {
      if (signal.aborted) return;
      setState((s) => (s.key === key ? { ...s, ...answer } : { key, catalogue: LOADING, summary: LOADING, ...answer }));
    };
    fetchCatalogue(signal).then(
      (value) => settle({ catalogue: { kind: 'ready', value } }),
      () => settle({ catalogue: FAILED }),
    );
    fetchCasesSummary(signal).then(
      (value) => settle({ summary: { kind: 'ready', value } }),
      () => settle({ summary: FAILED }),
    );
    return () => controller.abort();
  }, [key]);

  const { catalogue, summary } = state.key === key ? state : { catalogue: LOADING, summary: LOADING };
  const records: Loadable<CasesSummary> =
    catalogue.kind === 'failed' || summary.kind === 'failed'
      ? FAILED
      : catalogue.kind === 'ready' && summary.kind === 'ready'
        ? summary
        : LOADING;
  return { catalogue, records, retry: () => setAttempt((n) => n + 1) };
}
