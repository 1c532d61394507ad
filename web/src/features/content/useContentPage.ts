import type { ContentSlug } from '#contract/site-pages.ts';
import { useLoad } from '../../lib/http/useLoad.ts';
import { fetchContentPage, type ContentAnswer } from './api.ts';

/** The page's content (or why there is none), or null while it loads. */
export function useContentPage(slug: ContentSlug): ContentAnswer | null {
  const { state } = useLoad(slug, (signal) => fetchContentPage(slug, signal));
  if (state.kind === 'ready') return state.value;
  return state.kind === 'failed' ? { ok: false } : null;
}
