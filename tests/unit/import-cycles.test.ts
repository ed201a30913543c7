// No module of lib/, components/ or app/ imports itself back through others, type
// imports included: a loop makes the order of module start-up matter and
// ties files that should change apart (a factory beside the interface its
// implementations import, a domain type in a service file). The fix is
// usually moving a type into the contract or a factory into its own file.
// And a request contract (lib/**/contract.ts) stays pure: the browser imports
// it, so nothing it reaches, directly or through other modules, may read the
// server's configuration or database or speak HTTP errors.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(__dirname, '../..');
const SCANNED = ['lib', 'components', 'app'];
const IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolve(from: string, specifier: string, known: Set<string>): string | null {
  const base = specifier.startsWith('@/')
    ? path.join(ROOT, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  return ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((suffix) => base + suffix).find((candidate) => known.has(candidate)) ?? null;
}

/** Strongly connected groups of more than one module (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.map((f) => path.relative(ROOT, f)).sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** Each module of lib/ and components/ with the modules of lib/ and components/ it imports. */
function importGraph(): Map<string, string[]> {
  const files = SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = fs.readFileSync(file, 'utf8');
      const targets = [...text.matchAll(IMPORT)].map((m) => resolve(file, m[1], known)).filter((t): t is string => t !== null);
      return [file, [...new Set(targets)]];
    }),
  );
}

/** Every module `start` imports, directly or through others. */
function reachable(graph: Map<string, string[]>, start: string): Set<string> {
  const seen = new Set<string>();
  const pending = [...(graph.get(start) ?? [])];
  while (pending.length) {
    const next = pending.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    pending.push(...(graph.get(next) ?? []));
  }
  return seen;
}

const SERVER_ONLY = [/^lib\/config\//, /^lib\/db\//, /^lib\/http\/errors\.ts$/];

describe('import graph', () => {
  it('has no loops in lib/, components/ and app/', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(200);
    expect(cycles(graph)).toEqual([]);
  });

  it('keeps every lib/**/contract.ts away from lib/config, lib/db and lib/http/errors', () => {
    const graph = importGraph();
    const contracts = [...graph.keys()].filter((file) => path.basename(file) === 'contract.ts' && path.relative(ROOT, file).startsWith('lib/'));
    expect(contracts.length).toBeGreaterThan(10);
    const impure = contracts.flatMap((contract) =>
      [...reachable(graph, contract)]
        .map((file) => path.relative(ROOT, file))
        .filter((file) => SERVER_ONLY.some((pattern) => pattern.test(file)))
        .map((file) => `${path.relative(ROOT, contract)} -> ${file}`),
    );
    expect(impure).toEqual([]);
  });
});
