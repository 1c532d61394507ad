import { useEffect, useState } from 'react';
import type { CaseSummary, CatalogueResponse } from '../../../../contract/schemas/eservices.ts';
import { fetchCases, fetchCatalogue } from './api.ts';

export type Loadable<T> = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; value: T };

export interface DashboardData {
  catalogue: Loadable<CatalogueResponse>;
  cases: Loadable<CaseSummary[]>;
  retry: () => void;
}

const LOADING = { kind: 'loading' } as const;
const FAILED = { kind: 'failed' } as const;

/** Every e-service code of the catalogue, once. */
export function catalogueCodes(catalogue: CatalogueResponse): string[] {
  return [...new Set(catalogue.groups.flatMap((g) => g.eservices.map((e) => e.code)))];
}

/**
 * The catalogue and the records of the profile acted for, loaded again when that profile changes (a
 * proxy switch): answers are kept under the profile they belong to, so nothing of the previous
 * profile stays on screen.
 */
export function useDashboardData(actingProfileId: string): DashboardData {
  const [attempt, setAttempt] = useState(0);
  const key = `${actingProfileId}#${attempt}`;
  const [state, setState] = useState<{ key: string } & Omit<DashboardData, 'retry'>>({
    key: '',
    catalogue: LOADING,
    cases: LOADING,
  });

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const publish = (catalogue: DashboardData['catalogue'], cases: DashboardData['cases']) => {
      if (!signal.aborted) setState({ key, catalogue, cases });
    };
    fetchCatalogue(signal).then(
      async (value) => {
        const catalogue = { kind: 'ready', value } as const;
        publish(catalogue, LOADING);
        try {
          // The records call is per e-service: one per code, side by side.
          const lists = await Promise.all(catalogueCodes(value).map((code) => fetchCases(code, signal)));
          publish(catalogue, { kind: 'ready', value: lists.flat() });
        } catch {
          publish(catalogue, FAILED);
        }
      },
      () => publish(FAILED, FAILED),
    );
    return () => controller.abort();
  }, [key]);

  const current = state.key === key ? state : { catalogue: LOADING, cases: LOADING };
  return { catalogue: current.catalogue, cases: current.cases, retry: () => setAttempt((n) => n + 1) };
}
