import base from './eslint.config.js';

/**
 * `npm run lint`: the house rules (eslint.config.js) plus the rules that need the types, over
 * src/. Kept apart because type-aware rules parse each file with its TypeScript project, so a
 * file that is not on disk (the layer rule's own test lints made-up paths) cannot be linted
 * with them; and they take longer than the rest together.
 */
export default [
  ...base,
  {
    // promises are awaited or handed on on purpose: a dropped one loses its error (an unhandled
    // rejection ends the process) and a promise where a callback's return is ignored runs unchecked
    files: ['src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
];
