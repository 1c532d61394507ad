/**
 * The process engine's case workflow calls (decisions.md §4). Apart from paths.ts, which the first load
 * needs: only the e-service screens and the server call them, and a contract module of the first load
 * brings every export used anywhere into it (docs/decisions/0038-first-load-back-under-budget.md).
 */

/** Case workflow calls, relative to the process-engine base (decisions.md §4); `:id` is the record id. */
export const PROCESS_ENGINE_PATHS = {
  submit: '/cases/:id/submit',
  status: '/cases/:id/status',
} as const;

/** Fills `:name` parameters of a path. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}
