import { useMemo, useRef } from 'react';

/**
 * The key of an attempt at a request the server must take once: an officer's action (docs/decisions/0066),
 * a register search. An attempt whose answer never came (no connection, or none to read) keeps its key: the
 * same request sent again is the same attempt, so the server, which may have taken it, answers with what it
 * did rather than taking it again. Any answer ends it. `request` is what identifies the attempt (the action,
 * its words, the cases and versions it was sent on; the search's terms). Each request unanswered keeps its
 * own key: on a bad connection an officer may go on to the next row before sending the first again.
 */
export function useAttemptKey() {
  const unanswered = useRef(new Map<string, string>());
  return useMemo(
    () => ({
      keyFor: (request: string) => unanswered.current.get(request) ?? crypto.randomUUID(),
      /** After the attempt: `answered` false when no answer came, or none that could be read. */
      settle(request: string, key: string, answered: boolean) {
        if (answered) unanswered.current.delete(request);
        else unanswered.current.set(request, key);
      },
    }),
    [],
  );
}
