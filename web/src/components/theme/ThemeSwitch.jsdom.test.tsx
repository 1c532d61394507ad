import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAYERS, THEME_STORAGE_KEY } from '#contract/index.ts';
import { initTheme } from './theme.ts';
import { ThemeSwitch } from './ThemeSwitch.tsx';

const root = document.documentElement;
const select = () => screen.getByLabelText<HTMLSelectElement>('Theme');

beforeEach(() => {
  window.localStorage.clear();
  delete root.dataset.theme;
});
afterEach(() => vi.restoreAllMocks());

describe('theme', () => {
  it('defaults to the device theme (system)', () => {
    initTheme();
    expect(root.dataset.theme).toBe('system');
    render(<ThemeSwitch />);
    expect(select().value).toBe('system');
    expect([...select().options].map((o) => o.text)).toEqual(['Light', 'Dark', 'Same as device']);
  });

  it('applies a choice at once and keeps it in storage under the PTIB prefix', () => {
    render(<ThemeSwitch />);
    fireEvent.change(select(), { target: { value: 'dark' } });
    expect(root.dataset.theme).toBe('dark');
    expect(THEME_STORAGE_KEY).toBe('PTIB.theme');
    expect(window.localStorage.getItem('PTIB.theme')).toBe('dark');
    fireEvent.change(select(), { target: { value: 'light' } });
    expect(root.dataset.theme).toBe('light');
    expect(window.localStorage.getItem('PTIB.theme')).toBe('light');
  });

  it('applies the stored choice before the first render, on the next visit', () => {
    window.localStorage.setItem('PTIB.theme', 'dark');
    initTheme();
    expect(root.dataset.theme).toBe('dark');
    render(<ThemeSwitch />);
    expect(select().value).toBe('dark');
  });

  it('ignores a stored value that is not a theme', () => {
    window.localStorage.setItem('PTIB.theme', 'neon');
    initTheme();
    expect(root.dataset.theme).toBe('system');
  });

  it('still switches when storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    initTheme();
    expect(root.dataset.theme).toBe('system');
    render(<ThemeSwitch />);
    fireEvent.change(select(), { target: { value: 'dark' } });
    expect(root.dataset.theme).toBe('dark');
  });

  it('sets the layer order of the specification as CSS tokens', () => {
    initTheme();
    expect(root.style.getPropertyValue('--z-modal')).toBe(String(LAYERS.modal));
    expect(root.style.getPropertyValue('--z-overlay')).toBe('1000');
    expect(root.style.getPropertyValue('--z-menu')).toBe('1000');
    expect(root.style.getPropertyValue('--z-tooltip')).toBe('1100');
  });
});
