import { test as base, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** WCAG 2.0–2.2 A and AA rule sets, as govuk-frontend runs them. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export const test = base.extend<{ axe: () => AxeBuilder }>({
  // Playwright reads fixture dependencies from the destructuring pattern, so it must be there even when empty.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not start the server');
    await use(url);
  },
  axe: async ({ page }, use) => {
    await use(() => new AxeBuilder({ page }).withTags(AXE_TAGS));
  },
});

export { expect };
