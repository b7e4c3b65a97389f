// Builds the server once per run of the browser journeys: one JavaScript file that every journey's server
// runs with plain `node`. Started through tsx instead, each of the ~36 servers compiled and loaded several
// hundred TypeScript modules again (about 2.7 s of CPU per start on the 2-core CI machine).
//
// Packages from node_modules stay outside the bundle (node loads them as usual: the file is written inside
// packages/server so their resolution is the server's own); the workspace's TypeScript is bundled.
// `import.meta.url` is replaced in each bundled file by that file's own address, so the server still finds
// its migrations, package.json and the built web app relative to its sources.
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('../../..', import.meta.url));

const ownAddresses: Plugin = {
  name: 'own-import-meta-url',
  setup(b) {
    // Bare imports that are not the workspace's own packages: node_modules, loaded at run time.
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@ubo/') || args.path.startsWith('node:') ? undefined : { path: args.path, external: true },
    );
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/** Writes the bundle into packages/server/.e2e-build/ and answers its path. */
export async function buildServer(): Promise<string> {
  const dir = join(root, 'packages/server/.e2e-build');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, `main-${process.pid}.mjs`);
  await build({
    entryPoints: [join(root, 'packages/server/src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [ownAddresses],
  });
  return outfile;
}
