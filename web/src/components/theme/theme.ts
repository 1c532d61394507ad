import { LAYERS, PROGRESS_BAR, THEME, THEME_STORAGE_KEY, type ThemeChoice } from '#contract/index.ts';

/**
 * Colour theme: light, dark, or the device's own (spec §9, default 'system'). The choice is a data
 * attribute on <html>; the stylesheet does the rest with `color-scheme` and `light-dark()`, so 'system'
 * follows the device with no script at all, and a stored choice is applied by the main script before
 * React's first render (no inline script: the Content-Security-Policy forbids them).
 */
export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEME.OPTIONS as readonly string[]).includes(value);
}

export function readThemeChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : THEME.DEFAULT;
  } catch {
    // Storage can be switched off; the device's theme is then the right answer.
    return THEME.DEFAULT;
  }
}

export function applyTheme(choice: ThemeChoice): void {
  document.documentElement.dataset.theme = choice;
}

export function chooseTheme(choice: ThemeChoice): void {
  applyTheme(choice);
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Not kept across visits, but applied for this one.
  }
}

/**
 * The contract's layer order and progress bar look as CSS custom properties, so the stylesheet uses
 * the specification's numbers without repeating them. Set through the CSSOM, which the CSP allows.
 */
export function applyDesignTokens(root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(LAYERS)) root.style.setProperty(`--z-${name}`, String(value));
  root.style.setProperty('--progress-color', PROGRESS_BAR.color);
  root.style.setProperty('--progress-height', PROGRESS_BAR.height);
}

/** Runs once, before the first render. */
export function initTheme(): void {
  applyDesignTokens();
  applyTheme(readThemeChoice());
}
