import type { SessionSnapshot } from './engineStorage.ts';

/**
 * Messages between tabs of one browser (decisions.md §5): they share one session, so a logout, a
 * refresh, a proxy switch or activity in one counts for all. BroadcastChannel reaches tabs whose
 * token lives in their own sessionStorage too.
 *
 * Each message about a session names it (`session`: its sign-in time, the same in every tab that holds
 * it), and a tab holding another session ignores it: a token refreshed for another account must never
 * become this tab's. A new sign-in says so ('begun'): the tabs of the session it replaces end theirs.
 */
export type TabMessage =
  | { type: 'logout'; session: number | null; destination: string }
  | { type: 'refreshed'; session: number | null; token: string; lastRefresh: number; expiresAt: number | null }
  | { type: 'activity'; session: number | null; at: number }
  | { type: 'proxy'; session: number | null; ptibProfileId: string }
  | { type: 'begun'; session: number }
  /** A new tab without a token asks live tabs for the session (sessionStorage mode). */
  | { type: 'hello'; from: string }
  /** A live tab's answer to 'hello': the session to adopt. */
  | ({ type: 'session'; to: string } & SessionSnapshot);

export interface TabChannel {
  post(message: TabMessage): void;
  subscribe(listener: (message: TabMessage) => void): () => void;
  close(): void;
}

export const TAB_CHANNEL_NAME = 'PTIB.session';

/**
 * A channel that opens the BroadcastChannel on first use, so merely importing the session (tests,
 * screens) opens nothing.
 */
export function lazyTabChannel(name: string = TAB_CHANNEL_NAME): TabChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  let channel: TabChannel | null = null;
  const open = () => (channel ??= openTabChannel(name)!);
  return {
    post: (message) => open().post(message),
    subscribe: (listener) => open().subscribe(listener),
    close() {
      channel?.close();
      channel = null;
    },
  };
}

/** The browser's BroadcastChannel, or null where there is none (the app then works per tab). */
export function openTabChannel(name: string = TAB_CHANNEL_NAME): TabChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(name);
  const listeners = new Set<(message: TabMessage) => void>();
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const data = event.data;
    if (typeof data !== 'object' || data === null || typeof (data as { type?: unknown }).type !== 'string') return;
    for (const l of listeners) l(data as TabMessage);
  };
  return {
    post: (message) => channel.postMessage(message),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => channel.close(),
  };
}
