/**
 * Two house rules as a check (`npm run lint` runs it):
 *
 * 1. No import cycles among src/ modules. A cycle makes load order decide what a module sees
 *    (a value imported from a module still being evaluated is undefined) and ties layers
 *    together. Type-only imports are erased at build time and do not count.
 * 2. No unused exports: a name exported from a src/ module must be imported somewhere (src/,
 *    test/, bench/, scripts/) or be part of the library API (re-exported by src/index.ts). An
 *    export nobody reads is dead code or a name that should be private. The names that were
 *    unused when the check was written are listed in scripts/data/unused-exports.json, so the
 *    check fails on a new one (and notes a listed one that is now used or gone: shrink the list).
 *
 *   node scripts/check-imports.mjs [--write-baseline]
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BASELINE = join(ROOT, 'scripts/data/unused-exports.json');

function files(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'vendor' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else if (/\.(ts|mts)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The module a relative specifier names (`./x.js` is the source file `./x.ts`). */
function target(from, spec) {
  if (!spec.startsWith('.')) return undefined;
  const p = resolve(dirname(from), spec).replace(/\.js$/, '.ts');
  try {
    if (statSync(p).isFile()) return p;
  } catch {
    /* not a file */
  }
  try {
    if (statSync(join(p.replace(/\.ts$/, ''), 'index.ts')).isFile()) return join(p.replace(/\.ts$/, ''), 'index.ts');
  } catch {
    /* not a folder */
  }
  return undefined;
}

const hasExport = (node) => ts.getModifiers?.(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;

/** What one file imports (runtime and type, with the names) and exports. */
function scan(file) {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const imports = []; // { to, names: string[] | '*', typeOnly, eager }
  const exports = new Set();
  const reexports = []; // { to, names: [[local, exported]] | '*' }
  const visit = (node, top) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const to = target(file, node.moduleSpecifier.text);
      if (to) {
        const c = node.importClause;
        const typeOnly = c?.isTypeOnly ?? false;
        const names = [];
        let star = false;
        if (c?.name) names.push('default');
        if (c?.namedBindings && ts.isNamedImports(c.namedBindings)) for (const e of c.namedBindings.elements) names.push((e.propertyName ?? e.name).text);
        if (c?.namedBindings && ts.isNamespaceImport(c.namedBindings)) star = true;
        const allTypes = typeOnly || (c?.namedBindings && ts.isNamedImports(c.namedBindings) && !c.name && c.namedBindings.elements.length > 0 && c.namedBindings.elements.every((e) => e.isTypeOnly));
        imports.push({ to, names: star ? '*' : names, typeOnly: Boolean(allTypes), eager: true });
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const to = target(file, node.moduleSpecifier.text);
      if (to) {
        const names = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements.map((e) => [(e.propertyName ?? e.name).text, e.name.text]) : '*';
        reexports.push({ to, names });
        imports.push({ to, names: names === '*' ? '*' : names.map(([l]) => l), typeOnly: node.isTypeOnly, eager: true });
        if (names !== '*') for (const [, e] of names) exports.add(e);
      }
    } else if (ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)) {
      for (const e of node.exportClause.elements) exports.add(e.name.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      // import('./x.js'): loaded when the code runs, not with the module (no load-order cycle); its names are used
      const to = target(file, node.arguments[0].text);
      if (to) imports.push({ to, names: '*', typeOnly: false, eager: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      const to = target(file, node.argument.literal.text);
      if (to) imports.push({ to, names: node.qualifier && ts.isIdentifier(node.qualifier) ? [node.qualifier.text] : '*', typeOnly: true, eager: false });
    }
    if (top && hasExport(node)) {
      if (ts.isVariableStatement(node)) {
        for (const d of node.declarationList.declarations) if (ts.isIdentifier(d.name)) exports.add(d.name.text);
      } else if (node.name && ts.isIdentifier(node.name)) exports.add(ts.getModifiers(node).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword) ? 'default' : node.name.text);
    }
    ts.forEachChild(node, (child) => visit(child, false));
  };
  for (const st of sf.statements) visit(st, true);
  return { imports, exports, reexports };
}

const all = [...files(join(ROOT, 'src')), ...files(join(ROOT, 'test')), ...files(join(ROOT, 'bench')), ...files(join(ROOT, 'scripts'))];
const info = new Map(all.map((f) => [f, scan(f)]));
const rel = (f) => relative(ROOT, f);
const isSrc = (f) => rel(f).startsWith('src/');
const problems = [];

// 1. cycles among src/ modules, through imports that run when a module loads
const graph = new Map();
for (const [f, i] of info) if (isSrc(f)) graph.set(f, [...new Set(i.imports.filter((x) => x.eager && !x.typeOnly && isSrc(x.to)).map((x) => x.to))]);
let index = 0;
const idx = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
function strong(v) {
  idx.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!idx.has(w)) {
      strong(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const comp = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      comp.push(w);
    } while (w !== v);
    if (comp.length > 1) problems.push(`import cycle: ${comp.map(rel).sort().join(' → ')}`);
  }
}
for (const v of graph.keys()) if (!idx.has(v)) strong(v);

// 2. exports of src/ modules that nothing imports (the library API, src/index.ts, counts as a use)
const used = new Map(); // file → Set(names) | '*'
const use = (to, names) => {
  if (used.get(to) === '*') return;
  if (names === '*') return used.set(to, '*');
  const s = used.get(to) ?? new Set();
  for (const n of names) s.add(n);
  used.set(to, s);
};
for (const [f, i] of info) for (const x of i.imports) if (f !== x.to) use(x.to, x.names);
// a name re-exported by a module that is itself used under that name is used in the module it comes from
let changed = true;
while (changed) {
  changed = false;
  for (const [f, i] of info)
    for (const r of i.reexports) {
      const u = used.get(f);
      if (!u) continue;
      const names = r.names === '*' ? (u === '*' ? '*' : [...u]) : r.names.filter(([, e]) => u === '*' || u.has(e)).map(([l]) => l);
      const before = JSON.stringify([...(used.get(r.to) === '*' ? ['*'] : (used.get(r.to) ?? []))]);
      use(r.to, names);
      if (JSON.stringify([...(used.get(r.to) === '*' ? ['*'] : (used.get(r.to) ?? []))]) !== before) changed = true;
    }
}
use(join(ROOT, 'src/index.ts'), '*');
const unused = [];
for (const [f, i] of info) {
  if (!isSrc(f) || f.endsWith('/bin.ts')) continue;
  const u = used.get(f);
  if (u === '*') continue;
  for (const name of i.exports) if (!u?.has(name)) unused.push(`${rel(f)}: ${name}`);
}
unused.sort();
if (process.argv.includes('--write-baseline')) {
  writeFileSync(BASELINE, JSON.stringify({ about: 'exports nothing imports, listed when scripts/check-imports.mjs was written; remove entries as they are fixed, never add', unused }, null, 2) + '\n');
  console.log(`wrote ${unused.length} unused exports to ${rel(BASELINE)}`);
} else {
  const known = new Set(JSON.parse(readFileSync(BASELINE, 'utf8')).unused);
  for (const u of unused) if (!known.has(u)) problems.push(`unused export (import it, make it private, or delete it): ${u}`);
  const now = new Set(unused);
  // a listed name that is used or gone now is progress, not an error: say so, so the list shrinks
  for (const k of known) if (!now.has(k)) console.warn(`note: "${k}" is used or gone now; remove it from ${rel(BASELINE)}`);
}
for (const p of problems) console.error(p);
if (problems.length > 0) process.exit(1);
