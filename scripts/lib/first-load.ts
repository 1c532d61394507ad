/**
 * Which modules the app's first load needs (vite.config.ts puts exactly these into one chunk, `app`).
 *
 * The entry's static import graph, with one refinement: a barrel (a module that only re-exports, such as
 * contract/index.ts) is looked through. Its re-exported modules count only when a module of the first
 * load imports one of their names from it. Without that, every contract module any lazy screen uses
 * (the OTP rules, the validation rules, the code lists) would ride in the first load, only because the
 * entry imports something else from the same barrel.
 *
 * Read from the build itself (the modules' ids, imports, exports and code as the bundler parsed them),
 * so it follows the code without a list to keep. When in doubt (a barrel imported some other way than
 * `import { names } from '…'`), the whole barrel counts: the chunk is then bigger, never wrong.
 */
import path from 'node:path';

export interface ParsedModule {
  /** Static imports, as module ids. */
  imports: readonly string[];
  /** Exported names; a barrel's are all '*'. */
  exports: readonly string[];
  /** The module's code after the transform (TypeScript stripped). */
  code: string;
}

const NAMED_IMPORT = /\bimport\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const ANY_IMPORT_OF = /\b(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|\bimport\s*["']([^"']+)["']/g;

const isBarrel = (m: ParsedModule | undefined): boolean =>
  m !== undefined && m.exports.length > 0 && m.exports.every((name) => name === '*');

/** package.json's `imports` alias of the contract folder, and where it points. */
const CONTRACT_ALIAS = '#contract/';
const CONTRACT_DIR = path.resolve(import.meta.dirname, '../../contract');

function resolveSpecifier(importer: string, specifier: string): string | null {
  if (specifier.startsWith(CONTRACT_ALIAS)) return path.join(CONTRACT_DIR, specifier.slice(CONTRACT_ALIAS.length));
  return specifier.startsWith('.') ? path.resolve(path.dirname(importer), specifier) : null;
}

/**
 * The names `importer` takes from each barrel it imports, or 'all' when it imports one in another way
 * (namespace, re-export, side effect).
 */
function namesFromBarrels(
  importer: string,
  code: string,
  modules: ReadonlyMap<string, ParsedModule>,
): Map<string, Set<string> | 'all'> {
  const found = new Map<string, Set<string> | 'all'>();
  const barrelOf = (specifier: string) => {
    const id = resolveSpecifier(importer, specifier);
    return id && isBarrel(modules.get(id)) ? id : null;
  };
  let named = 0;
  for (const [, list, specifier] of code.matchAll(NAMED_IMPORT)) {
    const barrel = barrelOf(specifier!);
    if (!barrel) continue;
    named += 1;
    const names = found.get(barrel);
    if (names === 'all') continue;
    const set = names ?? new Set<string>();
    for (const part of list!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0]!;
      if (name) set.add(name);
    }
    found.set(barrel, set);
  }
  // Every other form of importing a barrel (counted against the named imports above) takes all of it.
  let all = 0;
  for (const [, from, bare] of code.matchAll(ANY_IMPORT_OF)) {
    const barrel = barrelOf((from ?? bare)!);
    if (barrel) all += 1;
  }
  if (all > named) for (const [barrel] of found) found.set(barrel, 'all');
  return found;
}

export function firstLoadModules(entry: string, modules: ReadonlyMap<string, ParsedModule>): Set<string> {
  const needed = new Set<string>();
  const expanded = new Set<string>();
  /** Modules whose imports are all needed. */
  const queue = [entry];
  /** A barrel's re-exported modules that hold one of `names`; 'all': every one of them. */
  const take = (id: string, names: Set<string> | 'all', via: readonly string[] = []) => {
    const barrel = modules.get(id);
    if (names === 'all' || !isBarrel(barrel) || via.includes(id)) {
      queue.push(id);
      return;
    }
    needed.add(id);
    for (const sub of barrel!.imports) {
      const module = modules.get(sub);
      if (isBarrel(module)) take(sub, names, [...via, id]);
      else if (!module || module.exports.some((name) => name === '*' || names.has(name))) queue.push(sub);
    }
  };
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (expanded.has(id)) continue;
    expanded.add(id);
    needed.add(id);
    const module = modules.get(id);
    if (!module) continue;
    const fromBarrels = namesFromBarrels(id, module.code, modules);
    for (const dep of module.imports) take(dep, fromBarrels.get(dep) ?? 'all');
  }
  return needed;
}
