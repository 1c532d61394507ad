import { useEffect } from 'react';
import { FOOTER_DATE_FORMAT, SHELL_TEXT } from '#contract/index.ts';
import { SITE_MESSAGES, type ContentSlug } from '#contract/site-pages.ts';
import type { ContentItem, ContentPage } from '#contract/schemas/index.ts';
import { formatDate, parseIsoDate } from '../../components/shell/formatDate.ts';
import { buildHref } from '../../lib/router/location.ts';
import type { ScreenProps } from '../../lib/router/router.ts';
import { showPart } from '../../lib/showPart.ts';
import { Paragraphs } from './Paragraphs.tsx';
import { useContentPage } from './useContentPage.ts';

const itemId = (anchor: string) => anchor;

function Item({ item }: { item: ContentItem }) {
  if (item.kind === 'link' && item.url) {
    return (
      <li className="content-item" id={itemId(item.anchor)}>
        <h2 tabIndex={-1}>
          <a href={item.url} className="external-link" rel="noopener noreferrer">
            {item.heading} <span className="visually-hidden">{SHELL_TEXT.externalLink}</span>
          </a>
        </h2>
        <Paragraphs text={item.body} />
      </li>
    );
  }
  return (
    <li className="content-item" id={itemId(item.anchor)}>
      <h2 tabIndex={-1}>{item.heading}</h2>
      <Paragraphs text={item.body} />
    </li>
  );
}

/**
 * FAQs get a list of their questions first, each a link to its answer. The link's address is the real
 * one (it can be copied or opened in a new tab); followed here, it moves to the answer without reloading.
 */
function QuestionList({ page, path }: { page: ContentPage; path: string }) {
  const questions = page.items.filter((i) => i.kind === 'qa');
  if (questions.length < 2) return null;
  return (
    <nav aria-labelledby="questions-heading" className="question-list">
      <h2 id="questions-heading">Questions</h2>
      <ul>
        {questions.map((q) => (
          <li key={q.anchor}>
            <a
              href={`${buildHref(path)}#${q.anchor}`}
              onClick={(event) => {
                event.preventDefault();
                window.history.pushState(window.history.state, '', event.currentTarget.href);
                showPart(itemId(q.anchor));
              }}
            >
              {q.heading}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A content page (decisions.md §3): its text comes from the database through GET /api/content/:slug.
 * The heading is there at once (the router focuses it); the text follows. An address with an anchor
 * (`#/faqs#forgot-password`, as search results give) scrolls to that item and focuses its heading.
 */
export function ContentScreen({
  slug,
  fallbackTitle,
  location,
}: ScreenProps & { slug: ContentSlug; fallbackTitle: string }) {
  const answer = useContentPage(slug);
  const page = answer?.ok ? answer.page : null;
  const anchor = location.anchor;

  useEffect(() => {
    if (page && anchor) showPart(itemId(anchor));
  }, [page, anchor]);

  const updated = page ? parseIsoDate(page.updatedOn) : null;
  return (
    <article className="content-page" aria-labelledby="page-heading" aria-busy={!answer}>
      <h1 id="page-heading" tabIndex={-1}>
        {page?.title ?? fallbackTitle}
      </h1>
      {!answer && <p>{SHELL_TEXT.loading}…</p>}
      {answer && !answer.ok && (
        <p className="notice" role="alert">
          {SITE_MESSAGES.contentUnavailable}
        </p>
      )}
      {page && (
        <>
          {page.summary && <p className="page-summary">{page.summary}</p>}
          <QuestionList page={page} path={location.path} />
          <ul className="content-items">
            {page.items.map((item) => (
              <Item key={item.anchor} item={item} />
            ))}
          </ul>
          {updated && (
            <p className="page-updated">
              Last reviewed on <time dateTime={page.updatedOn}>{formatDate(updated, FOOTER_DATE_FORMAT)}</time>
            </p>
          )}
        </>
      )}
    </article>
  );
}
