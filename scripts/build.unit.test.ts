import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { replaceBuild } from './build.ts';
import type { Manifest } from './size-budget.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ptib-build-'));
});

/** A build folder as vite, prerender and precompress leave it: its manifest and every file it names. */
function writeBuild(folder: string, manifest: Manifest, extra: string[] = []): void {
  mkdirSync(path.join(folder, '.vite'), { recursive: true });
  writeFileSync(path.join(folder, '.vite/manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(folder, 'index.html'), `<!doctype html><title>${path.basename(folder)}</title>`);
  const named = Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? []), ...(c.assets ?? [])]);
  for (const file of [...named, ...extra]) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    writeFileSync(path.join(folder, file), `${path.basename(folder)} ${file}`);
  }
}

const assets = (folder: string) => readdirSync(path.join(folder, 'assets')).sort();

describe('a new build takes the place of the previous one', () => {
  it('carries the previous build’s own assets, with their compressed copies, and leaves the rest behind', () => {
    const out = path.join(dir, 'web');
    writeBuild(
      out,
      {
        'index.html': { file: 'assets/app-OLD.js', isEntry: true, css: ['assets/app-OLD.css'] },
        'src/features/profile/index.ts': { file: 'assets/profile-OLD.js', isDynamicEntry: true },
        'src/logo.svg': { file: 'assets/logo-OLD.svg', assets: ['assets/font-OLD.woff2'] },
        // The same file in both builds (a chunk whose content did not change).
        'src/shared.ts': { file: 'assets/shared-SAME.js' },
      },
      // Brought along by the build before: not this build's own, so not brought again.
      ['assets/profile-OLDER.js', 'assets/profile-OLD.js.br', 'assets/profile-OLD.js.gz'],
    );
    const next = `${out}.next`;
    writeBuild(next, {
      'index.html': { file: 'assets/app-NEW.js', isEntry: true, css: ['assets/app-NEW.css'] },
      'src/features/profile/index.ts': { file: 'assets/profile-NEW.js', isDynamicEntry: true },
      'src/shared.ts': { file: 'assets/shared-SAME.js' },
    });

    replaceBuild(out, next);

    expect(assets(out)).toEqual([
      'app-NEW.css',
      'app-NEW.js',
      'app-OLD.css',
      'app-OLD.js',
      'font-OLD.woff2',
      'logo-OLD.svg',
      'profile-NEW.js',
      'profile-OLD.js',
      'profile-OLD.js.br',
      'profile-OLD.js.gz',
      'shared-SAME.js',
    ]);
    // The new build's own files win, its page and manifest among them.
    expect(readFileSync(path.join(out, 'assets/shared-SAME.js'), 'utf8')).toBe('web.next assets/shared-SAME.js');
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('web.next');
    expect(Object.keys(JSON.parse(readFileSync(path.join(out, '.vite/manifest.json'), 'utf8')))).toHaveLength(3);
    expect(existsSync(next)).toBe(false);
    expect(existsSync(`${out}.old`)).toBe(false);
  });

  it('a release after that one no longer carries the first build’s assets', () => {
    const out = path.join(dir, 'web');
    writeBuild(out, { 'index.html': { file: 'assets/app-1.js', isEntry: true } });
    writeBuild(`${out}.next`, { 'index.html': { file: 'assets/app-2.js', isEntry: true } });
    replaceBuild(out, `${out}.next`);
    writeBuild(`${out}.next`, { 'index.html': { file: 'assets/app-3.js', isEntry: true } });
    replaceBuild(out, `${out}.next`);
    expect(assets(out)).toEqual(['app-2.js', 'app-3.js']);
  });

  it('the first build simply takes its place, and one left half-way by a stopped build is replaced', () => {
    const out = path.join(dir, 'web');
    mkdirSync(`${out}.old/assets`, { recursive: true });
    writeBuild(`${out}.next`, { 'index.html': { file: 'assets/app-1.js', isEntry: true } });
    replaceBuild(out, `${out}.next`);
    expect(assets(out)).toEqual(['app-1.js']);
    expect(existsSync(`${out}.old`)).toBe(false);
  });
});
