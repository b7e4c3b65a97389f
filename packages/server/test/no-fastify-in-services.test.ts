// Services take an actor, never the HTTP request (issue 13 §2): the operator command line, the demo seed and
// background jobs call them directly. So no file under src/modules imports 'fastify' except the routes side:
// *.routes.ts (which also holds request-reading helpers such as readImageUpload), modules/routes.ts (the list
// of route plugins), tests and test kits.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = join(import.meta.dirname, '..', 'src', 'modules');

/** A static or dynamic import, or a re-export, of the 'fastify' package itself (type-only ones included). */
const IMPORTS_FASTIFY = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]fastify['"]/;

/** `file` is relative to src/modules, so 'routes.ts' is only the list of route plugins. */
const routesSide = (file: string) => file === 'routes.ts' || file.endsWith('.routes.ts') || file.endsWith('.test.ts') || file.endsWith('-test-kit.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [relative(MODULES, path).split(sep).join('/')] : [];
  });
}

describe('services do not import fastify', () => {
  const services = sourceFiles(MODULES).filter((file) => !routesSide(file));
  const importing = services.filter((file) => IMPORTS_FASTIFY.test(readFileSync(join(MODULES, file), 'utf8'))).sort();

  it('recognises every way of importing fastify, and only fastify', () => {
    for (const line of [
      "import type { FastifyRequest } from 'fastify';",
      '} from "fastify";',
      "const f = await import('fastify');",
      "export type { FastifyReply } from 'fastify';",
    ]) {
      expect(IMPORTS_FASTIFY.test(line), line).toBe(true);
    }
    for (const line of ["import multipart from '@fastify/multipart';", "import type { ZodTypeProvider } from 'fastify-type-provider-zod';"]) {
      expect(IMPORTS_FASTIFY.test(line), line).toBe(false);
    }
  });

  it('finds the services it checks', () => {
    // A broken walk would pass vacuously.
    expect(services).toContain('users/save-user.ts');
    expect(services).not.toContain('users/users.routes.ts');
    expect(services).not.toContain('routes.ts');
  });

  it('no service imports fastify', () => {
    // Take the actor from tenantTx(req, (tx, actor) => ...) in the route and pass it; read uploads in the route.
    expect(importing).toEqual([]);
  });
});
