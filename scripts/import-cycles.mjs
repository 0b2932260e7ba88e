/**
 * No circle in the web app's imports (issue 32 point 1; decision 0054): a circle is two modules that cannot be
 * understood, loaded or split apart one without the other. Part of `npm run check`.
 *
 * This was ESLint's import/no-cycle, which took 95 of ESLint's 132 s on a fresh clone (it resolves and re-reads every
 * imported file for every file it lints). Here each file of apps/web/src is parsed once with TypeScript's parser, its
 * relative imports (static, re-exports and `import()`; not `import type`, which leaves nothing at run time) resolved
 * to files, and the graph's strongly connected components found (Tarjan): any component of two or more files, or a
 * file importing itself, is a circle. A second or two.
 *
 * `node scripts/import-cycles.mjs [folder]` prints each circle and exits 1 when there is one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs'];

function sourceFiles(folder) {
  const out = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The file a relative specifier names: as written, with an extension, `.js` written for `.ts`, or its folder's index. */
function resolveSpecifier(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [
    base,
    ...EXTENSIONS.map((e) => base + e),
    ...(base.endsWith('.js') ? [base.slice(0, -3) + '.ts', base.slice(0, -3) + '.tsx'] : []),
    ...EXTENSIONS.map((e) => join(base, `index${e}`)),
  ];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** A declaration that brings in only types (nothing of it is there at run time). */
function typeOnly(node) {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return false; // `import './x'`: a side effect
    if (clause.isTypeOnly) return true;
    if (clause.name) return false;
    const bindings = clause.namedBindings;
    return !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
  }
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
  }
  return false;
}

/** The relative specifiers a file imports at run time. */
export function importsOf(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!typeOnly(node)) found.push(node.moduleSpecifier.text);
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((s) => s.startsWith('.'));
}

/** The circles of a graph (file -> the files it imports): Tarjan's strongly connected components. */
export function cyclesOf(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const connect = (v) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), indices.get(w)));
      }
    }
    if (low.get(v) === indices.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) connect(v);
  return cycles;
}

/** The circles among the files of a folder, each as paths relative to `root`. */
export function folderCycles(folder, root = folder) {
  const graph = new Map();
  for (const file of sourceFiles(folder)) {
    const targets = importsOf(file, readFileSync(file, 'utf8'))
      .map((s) => resolveSpecifier(file, s))
      .filter((t) => t !== null && t.startsWith(folder));
    graph.set(file, [...new Set(targets)]);
  }
  return cyclesOf(graph).map((c) => c.map((f) => relative(root, f)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const folder = resolve(root, process.argv[2] ?? 'apps/web/src');
  const cycles = folderCycles(folder, root);
  for (const cycle of cycles) console.error(`import circle: ${cycle.join(' <-> ')}`);
  if (cycles.length > 0) {
    console.error(`${cycles.length} import circle(s) in ${relative(root, folder)} (decision 0054): break each one.`);
    process.exit(1);
  }
  console.log(`no import circle in ${relative(root, folder)}`);
}
