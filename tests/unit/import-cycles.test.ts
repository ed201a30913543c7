// No module of lib/ or components/ imports itself back through others, type
// imports included: a loop makes the order of module start-up matter and
// ties files that should change apart (a factory beside the interface its
// implementations import, a domain type in a service file). The fix is
// usually moving a type into the contract or a factory into its own file.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(__dirname, '../..');
const SCANNED = ['lib', 'components'];
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

describe('import graph', () => {
  it('has no loops in lib/ and components/', () => {
    const files = SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
    const known = new Set(files);
    const graph = new Map(
      files.map((file) => {
        const text = fs.readFileSync(file, 'utf8');
        const targets = [...text.matchAll(IMPORT)].map((m) => resolve(file, m[1], known)).filter((t): t is string => t !== null);
        return [file, [...new Set(targets)]];
      }),
    );
    expect(files.length).toBeGreaterThan(200);
    expect(cycles(graph)).toEqual([]);
  });
});
