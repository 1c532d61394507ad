import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLoadModules, type ParsedModule } from './first-load.ts';

/**
 * A small project under `root`: an entry that takes one name from a barrel, and a lazy screen that takes
 * another.
 */
function project(entryCode: string, root = '/p'): Map<string, ParsedModule> {
  const moved = (id: string) => id.replace(/^\/p\//, `${root}/`);
  return new Map<string, ParsedModule>(
    projectAtP(entryCode).map(([id, m]) => [moved(id), { ...m, imports: m.imports.map(moved) }]),
  );
}

function projectAtP(entryCode: string): Array<[string, ParsedModule]> {
  return [
    ['/p/web/main.tsx', { imports: ['/p/contract/index.ts', '/p/web/shell.tsx'], exports: [], code: entryCode }],
    [
      '/p/web/shell.tsx',
      {
        imports: ['/p/contract/index.ts', '/p/web/lib.ts'],
        exports: ['Shell'],
        code: 'import { lib } from "./lib.ts";\nimport { ROUTES } from "../contract/index.ts";\nexport const Shell = 1;',
      },
    ],
    ['/p/web/lib.ts', { imports: [], exports: ['lib'], code: 'export const lib = 1;' }],
    [
      '/p/contract/index.ts',
      {
        imports: ['/p/contract/paths.ts', '/p/contract/messages.ts', '/p/contract/otp.ts', '/p/contract/more/index.ts'],
        exports: ['*', '*', '*', '*'],
        code: 'export * from "./paths.ts";\nexport * from "./messages.ts";\nexport * from "./otp.ts";\nexport * from "./more/index.ts";',
      },
    ],
    ['/p/contract/paths.ts', { imports: [], exports: ['ROUTES', 'API_PATHS'], code: '' }],
    ['/p/contract/messages.ts', { imports: [], exports: ['MESSAGES'], code: '' }],
    ['/p/contract/otp.ts', { imports: ['/p/contract/paths.ts'], exports: ['OTP'], code: '' }],
    [
      '/p/contract/more/index.ts',
      { imports: ['/p/contract/more/codes.ts'], exports: ['*'], code: 'export * from "./codes.ts";' },
    ],
    ['/p/contract/more/codes.ts', { imports: [], exports: ['CODES'], code: '' }],
  ];
}

describe('the first load', () => {
  it('looks through a barrel: only the modules whose names the first load imports', () => {
    const needed = firstLoadModules(
      '/p/web/main.tsx',
      project('import { MESSAGES, CODES } from "../contract/index.ts";\nimport { Shell } from "./shell.tsx";'),
    );
    expect([...needed].sort()).toEqual([
      '/p/contract/index.ts',
      '/p/contract/messages.ts',
      '/p/contract/more/codes.ts',
      '/p/contract/more/index.ts',
      '/p/contract/paths.ts',
      '/p/web/lib.ts',
      '/p/web/main.tsx',
      '/p/web/shell.tsx',
    ]);
    expect(needed.has('/p/contract/otp.ts')).toBe(false);
  });

  it("looks through the contract's barrel imported by package.json's #contract alias", () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const needed = firstLoadModules(
      `${root}/web/main.tsx`,
      project('import { MESSAGES } from "#contract/index.ts";\nimport { Shell } from "./shell.tsx";', root),
    );
    expect(needed.has(`${root}/contract/messages.ts`)).toBe(true);
    expect(needed.has(`${root}/contract/otp.ts`)).toBe(false);
    expect(needed.has(`${root}/contract/more/codes.ts`)).toBe(false);
  });

  it('takes a renamed import by its exported name', () => {
    const needed = firstLoadModules('/p/web/main.tsx', project('import { OTP as RULES } from "../contract/index.ts";'));
    expect(needed.has('/p/contract/otp.ts')).toBe(true);
    // What otp.ts itself imports comes along.
    expect(needed.has('/p/contract/paths.ts')).toBe(true);
  });

  it('takes the whole barrel when it is imported some other way', () => {
    for (const code of [
      'import * as contract from "../contract/index.ts";',
      'export * from "../contract/index.ts";',
      'import "../contract/index.ts";',
    ]) {
      const needed = firstLoadModules('/p/web/main.tsx', project(code));
      expect(needed.has('/p/contract/otp.ts'), code).toBe(true);
      expect(needed.has('/p/contract/more/codes.ts'), code).toBe(true);
    }
  });

  it('takes the whole barrel when an import of it cannot be read', () => {
    const needed = firstLoadModules('/p/web/main.tsx', project('/* no import statement the parser knows */'));
    expect(needed.has('/p/contract/otp.ts')).toBe(true);
  });
});
