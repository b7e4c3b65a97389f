// `npm run bench -- bundle`: what the browser downloads before the first screen.
// Builds the web app with Vite (its own vite.config.ts, plus a manifest, into a temporary folder), then
// follows the manifest from index.html: the sign-in page is index.html's scripts and modulepreloads
// plus the static imports of the LoginPage chunk; the dashboard shell is the same plus the signed-in
// Layout and the DashboardPage chunks (the dashboard's panels are their own chunks, loaded after the
// shell is on screen: printed on their own line). Sizes are gzip (zlib level 9, as Vite reports them)
// of the JavaScript only. Beside them, the floor: an empty page of the same stack (React, ReactDOM,
// React Router's hash router and MUI's theme, baseline, Button and TextField) built the same way, so
// the figure says how much of the first load is ours. Writes bench/results/bundle.md.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('../packages/web/', import.meta.url));
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
const TARGET_KB = 200;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const gz = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/** The chunk files a manifest entry loads before it runs: itself and its static imports, transitively. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no entry ${key}`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const k of chunk.imports ?? []) visit(k);
  };
  for (const k of keys) visit(k);
  return files;
}

/** Manifest keys of the chunks built from a source file; none when the file is inside another chunk. */
const keysOf = (manifest: Manifest, src: RegExp) => Object.keys(manifest).filter((k) => src.test(manifest[k].src ?? ''));

function allJs(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...allJs(path));
    else if (name.endsWith('.js')) out.push(path);
  }
  return out;
}

interface Size {
  files: number;
  raw: number;
  gzip: number;
}

function sizeOf(outDir: string, files: Iterable<string>): Size {
  let raw = 0;
  let gzip = 0;
  let count = 0;
  for (const f of files) {
    const bytes = readFileSync(join(outDir, f));
    raw += bytes.length;
    gzip += gz(bytes);
    count += 1;
  }
  return { files: count, raw, gzip };
}

async function buildApp(outDir: string): Promise<Manifest> {
  await build({ root: webRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });
  return JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
}

/** The floor: the same stack's libraries rendering one themed form, nothing of ours. */
async function buildFloor(outDir: string, mui: boolean): Promise<Size> {
  const id = 'virtual:bundle-floor';
  const react = `import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, RouterProvider } from 'react-router';`;
  const source = mui
    ? `${react}
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import TextField from '@mui/material/TextField';
import { createTheme, ThemeProvider } from '@mui/material/styles';
const Page = () => h('form', null, h(TextField, { label: 'User name' }), h(Button, { variant: 'contained' }, 'Sign in'));
const router = createHashRouter([{ path: '*', element: h(Page) }]);
createRoot(document.getElementById('root')).render(
  h(ThemeProvider, { theme: createTheme() }, h(CssBaseline), h(RouterProvider, { router })),
);`
    : `${react}
const router = createHashRouter([{ path: '*', element: h('p', null, 'Sign in') }]);
createRoot(document.getElementById('root')).render(h(RouterProvider, { router }));`;
  const virtual: Plugin = {
    name: 'bundle-floor',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (loaded) => (loaded === `\0${id}` ? source : undefined),
  };
  await build({
    root: webRoot,
    configFile: false,
    logLevel: 'warn',
    plugins: [virtual],
    build: {
      outDir,
      emptyOutDir: true,
      chunkSizeWarningLimit: 2000,
      rolldownOptions: {
        input: id,
        // MUI's 'use client' lines mean nothing in a browser bundle (the app's React plugin hides them too).
        onwarn: (warning, warn) => {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
      },
    },
  });
  return sizeOf(
    outDir,
    allJs(outDir).map((p) => p.slice(outDir.length + 1)),
  );
}

export async function benchBundle(): Promise<string> {
  const work = mkdtempSync(join(tmpdir(), 'ubo-bundle-'));
  try {
    const appDir = join(work, 'app');
    const manifest = await buildApp(appDir);
    const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
    if (!entry) throw new Error('no entry in the manifest');
    const login = keysOf(manifest, /app\/pages\/LoginPage\.tsx$/);
    const shell = keysOf(manifest, /app\/(layout\/Layout|pages\/DashboardPage)\.tsx$/);
    const panels = keysOf(manifest, /Widget\.tsx$/).filter((k) => manifest[k].isDynamicEntry);
    const signIn = sizeOf(appDir, closure(manifest, [entry, ...login]));
    const dashboard = sizeOf(appDir, closure(manifest, [entry, ...shell]));
    const withPanels = sizeOf(appDir, closure(manifest, [entry, ...shell, ...panels]));
    const everything = allJs(appDir);
    const total = sizeOf(
      appDir,
      everything.map((p) => p.slice(appDir.length + 1)),
    );
    const floorReact = await buildFloor(join(work, 'floor-react'), false);
    const floorMui = await buildFloor(join(work, 'floor-mui'), true);

    const verdict = (s: Size) => (s.gzip <= TARGET_KB * 1000 ? 'met' : '**not met**');
    const row = (name: string, s: Size, target = true) => `| ${name} | ${s.files} | ${kb(s.raw)} | ${kb(s.gzip)} | ${target ? verdict(s) : ''} |`;
    const text = [
      '# Web bundle: first load',
      '',
      `${new Date().toISOString().slice(0, 10)}; Node ${process.version}; \`vite build\` of packages/web; JavaScript only, gzip level 9. Target: ${TARGET_KB} kB gzipped or less for the sign-in page and the dashboard shell.`,
      '',
      '| What the browser loads | chunks | kB | kB gzipped | target |',
      '|---|---:|---:|---:|---|',
      row('Sign-in page (index.html + LoginPage)', signIn),
      row('Dashboard shell (index.html + Layout + DashboardPage)', dashboard),
      row('Dashboard with every panel (an administrator)', withPanels, false),
      row('The whole app (every chunk)', total, false),
      row('Floor: React + ReactDOM + React Router alone', floorReact, false),
      row('Floor: the same + MUI theme, baseline, Button, TextField', floorMui, false),
      '',
      `Ours on top of the MUI floor: sign-in ${kb(signIn.gzip - floorMui.gzip)} kB, dashboard shell ${kb(dashboard.gzip - floorMui.gzip)} kB gzipped.`,
      '',
    ].join('\n');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(join(resultsDir, 'bundle.md'), text);
    return text;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** `npm run bench -- bundle` (bench/run.ts): prints the table. */
export async function runBundle(): Promise<number> {
  process.stdout.write(`${await benchBundle()}\n`);
  return 0;
}
