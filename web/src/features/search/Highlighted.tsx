import { Fragment } from 'react';
import type { HighlightedText } from '#contract/schemas/index.ts';

/** Text with the query's words in <mark>: built from pieces, so no markup is ever parsed from text. */
export function Highlighted({ text }: { text: HighlightedText }) {
  return (
    <>
      {text.map((piece, i) => (
        <Fragment key={i}>{piece.match ? <mark>{piece.text}</mark> : piece.text}</Fragment>
      ))}
    </>
  );
}
