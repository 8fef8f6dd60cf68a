import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Layers, top to bottom (docs/architecture.md, "Layers"): a folder of src/ may import the folders
 * of its own layer and of the layers below, never a folder of a layer above. A new top-level
 * folder is unconstrained until it is listed here.
 */
const LAYERS = [
  ['cli'],
  ['viewer', 'annotate'],
  ['report'],
  ['pipeline'],
  ['config', 'plugins'],
  ['probes', 'judges', 'tasks', 'mitigations', 'datasets', 'results'],
  ['models', 'runtime', 'data'],
  ['text', 'stats'],
  ['core'],
];

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** `no-restricted-imports` for every file of each folder: no relative import reaching a folder of a higher layer. */
function layerRules() {
  const out = [];
  LAYERS.forEach((layer, i) => {
    const above = LAYERS.slice(0, i).flat();
    if (above.length === 0) return;
    for (const folder of layer) {
      // one entry per depth below src/, so that '../' * depth reaches exactly src/
      for (let depth = 1; depth <= 6; depth++) {
        const up = escape('../'.repeat(depth));
        out.push({
          files: [`src/${folder}/${'*/'.repeat(depth - 1)}*.ts`],
          rules: {
            'no-restricted-imports': [
              'error',
              {
                patterns: above.map((t) => ({
                  regex: `^${up}${t}(/|$)`,
                  message: `layers: src/${folder} may not import src/${t}, a higher layer (see "Layers" in docs/architecture.md)`,
                })),
              },
            ],
          },
        });
      }
    }
  });
  return out;
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.slant/**', 'coverage/**', 'src/**/vendor/**', '.stryker-tmp/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly' } },
  },
  {
    // the annotation app's browser script (served as is, no build step)
    files: ['src/annotate/public/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: { window: 'readonly', document: 'readonly', location: 'readonly', localStorage: 'readonly', performance: 'readonly', setInterval: 'readonly' },
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  ...layerRules(),
);
