import { useMemo, useRef } from 'react';

/**
 * The key of an officer's attempt at an action (docs/decisions/0066). An attempt whose answer never came (no
 * connection, or none to read) keeps its key: the same request sent again is the same attempt, so the server,
 * which may have taken it, answers with what it did rather than as a colleague's change. Any answer ends it.
 * `request` is what identifies the attempt (the action, its words, the cases and versions it was sent on).
 */
export function useAttemptKey() {
  const unanswered = useRef<{ request: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor: (request: string) =>
        unanswered.current?.request === request ? unanswered.current.key : crypto.randomUUID(),
      settle(request: string, key: string, outcome: { ok: boolean; kind?: string }) {
        unanswered.current =
          !outcome.ok && (outcome.kind === 'unreachable' || outcome.kind === 'failed') ? { request, key } : null;
      },
    }),
    [],
  );
}
