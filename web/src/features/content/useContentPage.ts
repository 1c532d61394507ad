import { useEffect, useState } from 'react';
import type { ContentSlug } from '../../../../contract/site-pages.ts';
import { useAbortSignal } from '../../lib/http/index.ts';
import { fetchContentPage, type ContentAnswer } from './api.ts';

/** The page's content, or null while it loads. */
export function useContentPage(slug: ContentSlug): ContentAnswer | null {
  const signal = useAbortSignal();
  const [answer, setAnswer] = useState<ContentAnswer | null>(null);
  useEffect(() => {
    let current = true;
    void fetchContentPage(slug, signal).then((next) => {
      if (current && !signal.aborted) setAnswer(next);
    });
    return () => {
      current = false;
    };
  }, [slug, signal]);
  return answer;
}
