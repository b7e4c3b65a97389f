// The server's modules stand on each other in layers (issue 13 §7): a module uses another only through that
// module's index.ts, and no two modules lean on each other, directly or round a longer loop (auth used to
// import users, which imported auth; organisations and users did the same). A loop means neither can be
// understood, tested or moved without the other. The core folders (db/, ledger/, lib/) import no module.
// Tests and test kits (*.test.ts, *-test-kit.ts, test-support.ts) may reach into any module and are left out.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');

/** Every relative specifier a file imports or re-exports: static (type-only included) and dynamic. */
function relativeImports(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(
    /\b(?:import|export)\s[^'";]*?\bfrom\s*['"](\.[^'"]+)['"]|\bimport\s*\(\s*['"](\.[^'"]+)['"]\s*\)|\bimport\s*['"](\.[^'"]+)['"]/g,
  )) {
    found.push(m[1] ?? m[2] ?? m[3]);
  }
  return found;
}

/** One cycle of the graph (a list of nodes, the first repeated at the end), or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    path.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(next) === 'open') return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    if (!state.has(node)) {
      const cycle = visit(node);
      if (cycle) return cycle;
    }
  }
  return null;
}

const isTestSide = (file: string) => file.endsWith('.test.ts') || file.endsWith('-test-kit.ts') || file.endsWith('/test-support.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [relative(SRC, path).split(sep).join('/')] : [];
  });
}

/** The module a src-relative path belongs to ('users' for modules/users/save-user.ts), or null. */
function moduleOf(srcPath: string): string | null {
  const parts = srcPath.split('/');
  return parts[0] === 'modules' && parts.length > 2 ? parts[1] : null;
}

interface Import {
  file: string;
  target: string;
}

function importsOf(files: string[]): Import[] {
  return files.flatMap((file) =>
    relativeImports(readFileSync(join(SRC, file), 'utf8')).map((spec) => ({
      file,
      target: relative(SRC, resolve(dirname(join(SRC, file)), spec))
        .split(sep)
        .join('/'),
    })),
  );
}

const productFiles = sourceFiles(SRC).filter((file) => !isTestSide(file));
const crossModule = importsOf(productFiles.filter((file) => moduleOf(file) !== null)).filter((i) => {
  const to = moduleOf(i.target);
  return to !== null && to !== moduleOf(i.file);
});

describe('module imports', () => {
  it('reads every form of import and finds loops', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b/index.ts';",
      "export { c } from '../c/index.ts';",
      "import {\n  d,\n  type E,\n} from '../d/index.ts';",
      "const f = await import('../f/index.ts');",
      "import '../g/side-effect.ts';",
      "import { z } from '@ubo/contracts';",
    ].join('\n');
    expect(relativeImports(text)).toEqual(['./a.ts', '../b/index.ts', '../c/index.ts', '../d/index.ts', '../f/index.ts', '../g/side-effect.ts']);
    const graph = (edges: string[]) => {
      const g = new Map<string, Set<string>>();
      for (const [from, to] of edges.map((e) => e.split('>'))) g.set(from, new Set([...(g.get(from) ?? []), to]));
      return g;
    };
    expect(findCycle(graph(['auth>users', 'users>organisations', 'auth>organisations']))).toBeNull();
    expect(findCycle(graph(['auth>users', 'users>auth']))).toEqual(['auth', 'users', 'auth']);
    expect(findCycle(graph(['a>b', 'b>c', 'c>a', 'x>a']))).toEqual(['a', 'b', 'c', 'a']);
  });

  it('walks the modules it checks', () => {
    // A broken walk would pass vacuously.
    expect(productFiles).toContain('modules/users/save-user.ts');
    expect(productFiles).not.toContain('modules/users/users.test.ts');
    expect(crossModule).toContainEqual({ file: 'modules/auth/login.ts', target: 'modules/users/index.ts' });
  });

  it('a module imports another only through its index.ts', () => {
    const around = crossModule.filter((i) => !i.target.endsWith('/index.ts')).map((i) => `${i.file} imports ${i.target}`);
    expect(around).toEqual([]);
  });

  it('no two modules import each other, directly or round a loop', () => {
    const graph = new Map<string, Set<string>>();
    for (const i of crossModule) {
      const from = moduleOf(i.file) as string;
      graph.set(from, new Set([...(graph.get(from) ?? []), moduleOf(i.target) as string]));
    }
    const cycle = findCycle(graph);
    // Name the files behind each step of the loop, so the one to move is plain.
    const steps = (cycle ?? []).slice(1).map((to, k) => {
      const from = (cycle as string[])[k];
      const files = crossModule.filter((i) => moduleOf(i.file) === from && moduleOf(i.target) === to).map((i) => i.file);
      return `${from} -> ${to} (${[...new Set(files)].join(', ')})`;
    });
    expect(steps).toEqual([]);
  });

  it('db/, ledger/ and lib/ import no module', () => {
    const core = productFiles.filter((file) => /^(db|ledger|lib)\//.test(file));
    expect(core).toContain('lib/passwords.ts');
    const reaching = importsOf(core)
      .filter((i) => i.target.startsWith('modules/'))
      .map((i) => `${i.file} imports ${i.target}`);
    expect(reaching).toEqual([]);
  });
});
