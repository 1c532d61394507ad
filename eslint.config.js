// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** The three parts and their one-way imports: web → contract ← server (docs/decisions/0001-layout.md). */
const boundaries = {
  'import/no-restricted-paths': [
    'error',
    {
      zones: [
        { target: './web', from: './server', message: 'The web app never imports the server.' },
        { target: './server', from: './web', message: 'The server never imports the web app.' },
        { target: './contract', from: ['./web', './server'], message: 'The contract imports neither web nor server.' },
      ],
    },
  ],
};

/**
 * Zones between web features: a feature imports its own folder, web/src/lib, web/src/components,
 * web/src/app and the contract, never another feature. The app puts features together
 * (web/src/app/parts.ts names what one feature's screen shows of another). Read from the folder, so a new
 * feature gets its zone without an edit here. Tests may reach a neighbour's module to fake it.
 */
const FEATURES_DIR = './web/src/features';
const features = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = {
  'import/no-restricted-paths': [
    'error',
    {
      zones: [
        ...boundaries['import/no-restricted-paths'][1].zones,
        ...features.map((name) => ({
          target: `${FEATURES_DIR}/${name}`,
          from: FEATURES_DIR,
          except: [`./${name}`],
          message: `A feature imports no other feature: take what ${name} needs through web/src/app, lib or components.`,
        })),
      ],
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/out/**',
      'coverage/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      ...boundaries,
      'import/no-cycle': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
    },
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: featureZones,
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '**/*.test.{ts,tsx}'],
    rules: { 'no-console': 'off' },
  },
);
