import type { ReactNode } from 'react';

/** One row of a summary list: a term and what it is. */
export function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
