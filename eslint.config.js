import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Layers, top to bottom (docs/architecture.md, "Layers"): a folder of src/ may import the
 * folders of the layers below its own, never a folder of its own layer or above.
 * `runtime/scheduler.ts` (retries and concurrency for provider calls) sits below `models`;
 * the rest of `runtime` (store, cache, model wrappers, usage, cost) sits above it.
 * results, viewer and annotate are reserved for folders arriving from parallel work.
 */
const LAYERS = [
  ['cli'],
  ['viewer', 'annotate'],
  ['pipeline'],
  ['config'],
  ['report'],
  ['results'],
  ['mitigations', 'datasets'],
  ['probes'],
  ['judges', 'tasks'],
  ['runtime'],
  ['models'],
  ['runtime/scheduler', 'data'],
  ['text', 'stats'],
  ['core'],
];

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Relative-import regexes reaching `target` from a file `depth` folders below src/. */
function reaching(target, depth) {
  const up = escape('../'.repeat(depth));
  if (target === 'runtime') return `^${up}runtime/(?!scheduler(\\.js)?$)`;
  if (target === 'runtime/scheduler') return `^${up}runtime/scheduler(\\.js)?$`;
  return `^${up}${escape(target)}(/|$)`;
}

function restrict(files, patterns, ignores) {
  return { files, ...(ignores ? { ignores } : {}), rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

function layerRules() {
  const out = [];
  LAYERS.forEach((layer, i) => {
    const forbidden = LAYERS.slice(0, i + 1).flat();
    for (const folder of layer) {
      if (folder === 'runtime/scheduler') continue; // below
      const targets = forbidden.filter((t) => t !== folder && !(folder === 'runtime' && t === 'runtime/scheduler'));
      for (let depth = 1; depth <= 6; depth++) {
        const files = [`src/${folder}/${'*/'.repeat(depth - 1)}*.ts`];
        const patterns = targets.map((t) => ({
          regex: reaching(t, depth),
          message: `layers: src/${folder} may not import src/${t} (same or higher layer; see "Layers" in docs/architecture.md)`,
        }));
        out.push(restrict(files, patterns, folder === 'runtime' ? ['src/runtime/scheduler.ts'] : undefined));
      }
    }
  });
  // a file inside runtime reaches its sibling scheduler as './scheduler.js': allowed; the
  // scheduler itself may not reach the rest of runtime ('./store.js' …)
  const above = LAYERS.slice(0, LAYERS.findIndex((l) => l.includes('runtime/scheduler')) + 1)
    .flat()
    .filter((t) => t !== 'runtime/scheduler' && t !== 'runtime');
  out.push(
    restrict(['src/runtime/scheduler.ts'], [
      ...above.map((t) => ({ regex: reaching(t, 1), message: `layers: src/runtime/scheduler.ts may not import src/${t}` })),
      { regex: '^\\./', message: 'layers: src/runtime/scheduler.ts sits below models and may not import the rest of src/runtime' },
    ]),
  );
  return out;
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.slant/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  ...layerRules(),
);
