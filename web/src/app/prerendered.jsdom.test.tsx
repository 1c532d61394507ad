import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { replacePrerendered } from './prerendered.ts';

const page = (
  <>
    <a href="#main-content">Skip to main content</a>
    <header>
      <a href="#/faqs">FAQs</a>
    </header>
    <main>
      <h1>Welcome</h1>
    </main>
  </>
);

describe('taking over the prerendered page', () => {
  it('keeps focus on the element a keyboard user had reached, even one without an id', async () => {
    document.body.innerHTML =
      '<div id="root" data-prerendered="home"><a href="#main-content">Skip to main content</a>' +
      '<header><a href="#/faqs">FAQs</a></header><main><h1>Welcome</h1></main></div>';
    const container = document.getElementById('root')!;
    container.querySelectorAll('a')[1]!.focus();

    replacePrerendered(container, page);

    await waitFor(() => expect(document.getElementById('root')).not.toHaveAttribute('data-prerendered'));
    await waitFor(() => {
      const active = document.activeElement;
      expect(active?.tagName).toBe('A');
      expect(active?.textContent).toBe('FAQs');
      expect(document.getElementById('root')!.contains(active)).toBe(true);
    });
  });
});
