import { describe, expect, it } from 'vitest';
import {
  BUDGET,
  SCREEN_CHUNK_TARGET_BYTES,
  kb,
  overBudget,
  routeLabel,
  routeScreens,
  screenKey,
  screenChunkLines,
  screenChunks,
  staticFiles,
  type Manifest,
} from './size-budget.ts';

const ROUTES_SOURCE = `
import HomePage from '../features/home/HomePage.tsx';
const errors = () => import('../features/errors/ErrorScreen.tsx');
export const routes = [
  { path: ROUTES.home, title: 'Home', load: () => Promise.resolve({ default: HomePage }) },
  {
    path: ROUTES.login,
    title: 'Log in',
    load: () => import('../features/auth/SignInScreen.tsx'),
    guards: [redirectSignedIn],
  },
  { path: ROUTES.dashboard, title: 'Dashboard', load: () => import("../features/dashboard/DashboardScreen.tsx") },
];
export const notFoundRoute = {
  path: '*',
  title: 'Page not Found',
  load: () => errors().then((m) => ({ default: m.PageNotFound })),
};
`;

const manifest: Manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_shared-b.js'], dynamicImports: [] },
  '_shared-b.js': { file: 'assets/shared-b.js' },
  '_zod-c.js': { file: 'assets/zod-c.js', imports: ['_shared-b.js'] },
  'src/features/auth/SignInScreen.tsx': {
    file: 'assets/SignInScreen-d.js',
    isDynamicEntry: true,
    imports: ['_zod-c.js', 'index.html'],
    dynamicImports: ['src/features/auth/Later.tsx'],
  },
  'src/features/auth/Later.tsx': { file: 'assets/Later-e.js', isDynamicEntry: true },
};

describe('size budget: what a route loads', () => {
  it('reads each route’s lazily loaded screen from routes.ts, whatever the screen is called', () => {
    expect(routeScreens(ROUTES_SOURCE)).toEqual([
      { route: 'ROUTES.home', module: null },
      { route: 'ROUTES.login', module: 'src/features/auth/SignInScreen.tsx' },
      { route: 'ROUTES.dashboard', module: 'src/features/dashboard/DashboardScreen.tsx' },
      { route: "'*'", module: 'src/features/errors/ErrorScreen.tsx' },
    ]);
    expect(screenKey(manifest, 'login', routeScreens(ROUTES_SOURCE))).toBe('src/features/auth/SignInScreen.tsx');
  });

  it('counts the login screen’s static imports but not what it imports dynamically', () => {
    const files = staticFiles(manifest, ['index.html', 'src/features/auth/SignInScreen.tsx']);
    expect([...files.js].sort()).toEqual([
      'assets/SignInScreen-d.js',
      'assets/index-a.js',
      'assets/shared-b.js',
      'assets/zod-c.js',
    ]);
  });

  it('finds home’s screen as it finds the login screen’s, and refuses to guess when there is none', () => {
    const lazyHome = ROUTES_SOURCE.replace(
      'Promise.resolve({ default: HomePage })',
      "import('../features/home/HomePage.tsx')",
    );
    const withHome: Manifest = {
      ...manifest,
      'src/features/home/HomePage.tsx': { file: 'assets/HomePage-g.js', isDynamicEntry: true },
    };
    expect(screenKey(withHome, 'home', routeScreens(lazyHome))).toBe('src/features/home/HomePage.tsx');
    expect(() => screenKey(withHome, 'home', routeScreens(ROUTES_SOURCE))).toThrow(/cannot tell which chunk/);
    expect(() => screenKey({ 'index.html': manifest['index.html']! }, 'login', [])).toThrow(/cannot tell which chunk/);
  });
});

describe('size budget: what fails the run', () => {
  const report = (homeJs: number, loginJs: number, css = 4 * 1024) => ({
    homeJs,
    loginJs,
    css,
    homeFiles: ['assets/index-a.js', 'assets/app-b.js'],
    loginFiles: ['assets/index-a.js', 'assets/app-b.js', 'assets/LoginPage-c.js'],
    cssFiles: ['assets/style-d.css'],
  });
  const limit = BUDGET.jsGzipBytes;

  it('passes when both routes and the CSS fit', () => {
    expect(overBudget(report(limit, limit, BUDGET.cssGzipBytes))).toEqual([]);
  });

  it('counts in the issue’s unit, 1000 bytes a KB', () => {
    expect(limit).toBe(85_000);
    expect(kb(84_685)).toBe('84.7 kB');
  });

  it('fails when the login route’s JavaScript grows past the same budget, even with home under, and names what login adds', () => {
    expect(overBudget(report(limit - 2000, limit + 1))).toEqual([
      `login JS ${kb(limit + 1)} > ${kb(limit)} (beyond home: assets/LoginPage-c.js)`,
    ]);
  });

  it('fails for home’s JavaScript and for the CSS too', () => {
    const over = overBudget(report(limit + 1, limit + 1, BUDGET.cssGzipBytes + 1));
    expect(over).toHaveLength(3);
    expect(over[0]).toMatch(/^home JS/);
    expect(over[2]).toMatch(/^CSS/);
  });
});

describe('size report: each lazily loaded screen chunk', () => {
  const routesSource = `const officer = () => import('../features/officer/screens.tsx');
${ROUTES_SOURCE}
export const more = [
  { path: OFFICER_HOME, title: 'Case queues', load: () => officer().then((m) => ({ default: m.QueuesScreen })) },
];
`;
  const withDashboard: Manifest = {
    ...manifest,
    'src/features/dashboard/DashboardScreen.tsx': {
      file: 'assets/DashboardScreen-f.js',
      isDynamicEntry: true,
      imports: ['_zod-c.js', '_shared-b.js', 'index.html'],
    },
    'src/features/officer/screens.tsx': { file: 'assets/screens-g.js', isDynamicEntry: true, imports: ['index.html'] },
  };
  const sizes: Record<string, number> = {
    'assets/SignInScreen-d.js': 1_800,
    'assets/zod-c.js': 12_000,
    'assets/DashboardScreen-f.js': SCREEN_CHUNK_TARGET_BYTES + 100,
    'assets/screens-g.js': SCREEN_CHUNK_TARGET_BYTES,
  };
  const sizeOf = (f: string) => sizes[f] ?? 0;
  const paths = { login: '/login', dashboard: '/dashboard' };

  it('finds routes whose path is a constant of their own, such as the back office’s', () => {
    expect(routeScreens(routesSource).at(-1)).toEqual({
      route: 'OFFICER_HOME',
      module: 'src/features/officer/screens.tsx',
    });
  });

  it('counts the screen’s own chunk, and apart from it the chunks it shares that the entry does not load', () => {
    const rows = screenChunks(withDashboard, routeScreens(routesSource), sizeOf);
    expect(rows.map((r) => [r.route, r.file, r.bytes, r.shared, r.sharedBytes])).toEqual([
      ['ROUTES.login', 'assets/SignInScreen-d.js', 1_800, ['assets/zod-c.js'], 12_000],
      ['ROUTES.dashboard', 'assets/DashboardScreen-f.js', SCREEN_CHUNK_TARGET_BYTES + 100, ['assets/zod-c.js'], 12_000],
      ['OFFICER_HOME', 'assets/screens-g.js', SCREEN_CHUNK_TARGET_BYTES, [], 0],
    ]);
  });

  it('reports a screen bundled into the entry as adding nothing, and flags it', () => {
    const bundled: Manifest = {
      ...withDashboard,
      'index.html': { ...withDashboard['index.html']!, imports: ['_shared-b.js', 'src/features/officer/screens.tsx'] },
    };
    const officer = screenChunks(bundled, routeScreens(routesSource), sizeOf).at(-1)!;
    expect(officer).toMatchObject({ inEntry: true, bytes: 0 });
  });

  it('prints one line per route against 20 kB, naming the route as the address bar shows it, and fails nothing', () => {
    expect(SCREEN_CHUNK_TARGET_BYTES).toBe(20_000);
    const lines = screenChunkLines(screenChunks(withDashboard, routeScreens(routesSource), sizeOf), paths);
    expect(lines).toEqual([
      '  #/login: assets/SignInScreen-d.js 1.8 kB (within 20.0 kB); with 1 shared chunk(s) 12.0 kB more',
      '  #/dashboard: assets/DashboardScreen-f.js 20.1 kB (OVER 20.0 kB); with 1 shared chunk(s) 12.0 kB more',
      '  OFFICER_HOME: assets/screens-g.js 20.0 kB (within 20.0 kB)',
    ]);
    expect(routeLabel("'*'", paths)).toBe("'*'");
  });
});
