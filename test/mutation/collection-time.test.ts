/**
 * Stryker's vitest runner switches a mutant on only while a test (or its hooks) runs: code that a
 * test file runs while vitest collects it (at the top of the file or in a `describe` body) always
 * runs the original. A fixture computed there with the code under test hides that code's mutants
 * from every test that reads the fixture, and the score reads higher than the tests are. This
 * checks the test files that judge mutants (vitest.mutation.config.ts: test/stats and test/probes)
 * for a call into src made at collection time: directly, through a helper of the file that calls
 * into src, or a src function handed to an array method (`.filter(isRead)`). Such a fixture
 * belongs inside the test, in a function the tests call, or in a `beforeAll`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;
const HOOKS = new Set(['it', 'test', 'beforeAll', 'beforeEach', 'afterAll', 'afterEach', 'expect']);
const SUITES = new Set(['describe', 'suite']);
// array methods that call their callback at once
const EAGER = new Set(['map', 'flatMap', 'forEach', 'filter', 'reduce', 'find', 'some', 'every', 'from']);

function rootName(e: ts.Expression): string | undefined {
  for (;;) {
    if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e) || ts.isCallExpression(e)) e = e.expression;
    else if (ts.isNonNullExpression(e) || ts.isParenthesizedExpression(e)) e = e.expression;
    else return ts.isIdentifier(e) ? e.text : undefined;
  }
}

/** A value position (not a type, not the name being imported or declared). */
function isValueUse(n: ts.Identifier): boolean {
  const p = n.parent;
  return !(ts.isImportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p) || ts.isTypeReferenceNode(p) || ts.isTypeQueryNode(p) || ts.isQualifiedName(p) || ts.isExpressionWithTypeArguments(p) || (ts.isPropertyAccessExpression(p) && p.name === n) || (ts.isPropertyAssignment(p) && p.name === n));
}

/** Calls into src made while the file is collected, as "line: code". */
export function collectionTimeCalls(file: string, text: string): string[] {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const fromSrc = new Set<string>();
  const helpers = new Map<string, ts.Node>();
  for (const st of src.statements) {
    if (ts.isImportDeclaration(st) && st.importClause && !st.importClause.isTypeOnly && ts.isStringLiteral(st.moduleSpecifier) && /(^|\/)src\//.test(st.moduleSpecifier.text)) {
      const c = st.importClause;
      if (c.name) fromSrc.add(c.name.text);
      if (c.namedBindings && ts.isNamedImports(c.namedBindings)) for (const el of c.namedBindings.elements) if (!el.isTypeOnly) fromSrc.add(el.name.text);
      if (c.namedBindings && ts.isNamespaceImport(c.namedBindings)) fromSrc.add(c.namedBindings.name.text);
    }
    if (ts.isFunctionDeclaration(st) && st.name && st.body) helpers.set(st.name.text, st.body);
    if (ts.isVariableStatement(st))
      for (const d of st.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer))) helpers.set(d.name.text, d.initializer.body);
  }
  // the file's helpers that call into src, directly or through one another
  const reaching = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, body] of helpers) {
      if (reaching.has(name)) continue;
      let hit = false;
      const look = (n: ts.Node): void => {
        if (ts.isIdentifier(n) && isValueUse(n) && (fromSrc.has(n.text) || reaching.has(n.text))) hit = true;
        if (!hit) ts.forEachChild(n, look);
      };
      look(body);
      if (hit) {
        reaching.add(name);
        grew = true;
      }
    }
  }
  const isSuiteCallback = (fn: ts.Node): boolean => {
    const p = fn.parent;
    if (!p || !ts.isCallExpression(p) || !p.arguments.some((a) => a === fn)) return false;
    const r = rootName(p.expression);
    if (r !== undefined && SUITES.has(r)) return true;
    return ts.isPropertyAccessExpression(p.expression) && EAGER.has(p.expression.name.text);
  };
  const found: string[] = [];
  const at = (n: ts.Node): string => `${src.getLineAndCharacterOfPosition(n.getStart()).line + 1}: ${n.getText().replace(/\s+/g, ' ').slice(0, 100)}`;
  const visit = (n: ts.Node, collecting: boolean): void => {
    if (ts.isFunctionLike(n)) collecting = collecting && isSuiteCallback(n);
    if (!collecting) return; // nothing below runs while the file is collected
    if (ts.isCallExpression(n) || ts.isNewExpression(n)) {
      const r = rootName(n.expression);
      // an options schema's parse runs zod's code, not the code under test
      const schemaParse = ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'parse' && /Schema$/.test(r ?? '');
      if (r !== undefined && !HOOKS.has(r) && !SUITES.has(r) && !schemaParse && (fromSrc.has(r) || reaching.has(r))) found.push(at(n));
      if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && EAGER.has(n.expression.name.text))
        for (const a of n.arguments) if (ts.isIdentifier(a) && (fromSrc.has(a.text) || reaching.has(a.text))) found.push(at(n));
    }
    ts.forEachChild(n, (c) => visit(c, collecting));
  };
  visit(src, true);
  return found;
}

const testFiles = (dir: string): string[] => readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.test.ts')).map((f) => join(dir, f));

describe('fixtures of the tests that judge mutants are computed while a test runs', () => {
  it('no test file of test/stats or test/probes calls into src while it is collected', () => {
    const offenders = [...testFiles('test/stats'), ...testFiles('test/probes')].flatMap((f) => collectionTimeCalls(f, readFileSync(join(ROOT, f), 'utf8')).map((c) => `${f}:${c}`));
    expect(offenders).toEqual([]);
  });

  it('finds each way a fixture runs src at collection time, and nothing inside a test or hook', () => {
    const file = `
      import { describe, it, beforeAll } from 'vitest';
      import { measure, isRead, optionsSchema } from '../../src/probes/x.js';
      import type { Row } from '../../src/probes/x.js';
      import { card } from '../helpers/card.js';
      const plain = (a: number): Row => ({ a } as Row);
      function helper(a: number) { return measure(a); }
      const viaHelper = (a: number) => helper(a);
      const top = measure(1);
      const fine = [plain(1), card()];
      const options = optionsSchema.parse({});
      describe('d', () => {
        const inBody = viaHelper(2);
        const filtered = [plain(1)].filter(isRead);
        const mapped = [1, 2].map((a) => measure(a));
        const later = () => measure(3);
        for (const k of [1, 2]) it('t' + k, () => { measure(k); later(); });
        beforeAll(() => { helper(4); });
        describe('inner', () => { const deep = helper(5); });
      });
    `;
    expect(collectionTimeCalls('x.test.ts', file).map((c) => c.split(':')[0])).toEqual(['9', '13', '14', '15', '19']);
  });
});
