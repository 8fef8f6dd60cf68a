/**
 * The CLI as one esbuild bundle with code splitting, written over the per-module outputs of its
 * entry points (dist/cli/bin.js, dist/index.js, dist/report/report-thread-entry.js) and into
 * dist/chunks/. A command otherwise loads 450–700 modules one by one (resolving, reading and
 * linking each costs the main thread about 0.3 ms); bundled, a command loads the chunks its code
 * is in, a few dozen to two hundred: what `import()` loads lazily is still a chunk of its own.
 *
 * - The library entry (dist/index.js) is an entry of the same build, so a plugin that imports
 *   `slant` shares every module with the CLI that loaded it: one registry of probes and providers,
 *   one set of registered secrets to redact, one UserError class.
 * - The report thread's entry is an entry too: report-thread.ts starts it from its own folder.
 * - `import.meta.url` in a source file still means that file's place in dist/ (the JSON assets,
 *   the vendored distributions and the package.json it reads are there, copied by
 *   scripts/copy-assets.mjs; the thread's entry is there): each use is rewritten to that place,
 *   relative to the output file the code lands in, which is known only once the chunks are made.
 * - Native packages (better-sqlite3), the optional peers (a consumer may not have them installed),
 *   vader-sentiment (its lexicon is read as a file from the package) and js-tiktoken (3.4 MB of
 *   token ranks in two modules: a copy would only double the package) stay packages, imported at
 *   run time; the other dependencies are bundled (undici too: a chunk of its own, imported on a
 *   model's first request). Their CommonJS code calls `require`, which an ES module has not: each output file
 *   makes one (the banner).
 * The per-module outputs of the other sources stay as they are (the tests load some from dist/).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

const ENTRIES = { 'cli/bin': 'cli/bin.ts', index: 'index.ts', 'report/report-thread-entry': 'report/report-thread-entry.ts' };
const LOADED_AT_RUN_TIME = ['better-sqlite3', 'vader-sentiment', 'js-tiktoken'];
/** stands for dist/ in a rewritten `import.meta.url` until the output file's place is known */
const DIST = '@@slant-dist@@/';

const packageName = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);

export async function bundleCli(root) {
  const { build } = await import('esbuild');
  const src = join(root, 'src');
  const dist = join(root, 'dist');
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const external = new Set([...LOADED_AT_RUN_TIME, ...Object.keys(pkg.peerDependencies ?? {})]);
  const entryPoints = Object.fromEntries(Object.entries(ENTRIES).filter(([, file]) => existsSync(join(src, file))).map(([out, file]) => [out, join(src, file)]));
  const result = await build({
    entryPoints,
    outdir: dist,
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    tsconfig: join(root, 'tsconfig.build.json'),
    banner: { js: "import { createRequire as __slantCreateRequire } from 'node:module'; const require = __slantCreateRequire(import.meta.url);" },
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'slant-dist',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('node:') || external.has(packageName(args.path)) ? { external: true } : undefined));
          b.onLoad({ filter: /\.ts$/ }, (args) => {
            const text = readFileSync(args.path, 'utf8');
            if (!text.includes('import.meta.url') || !args.path.startsWith(src + sep)) return undefined;
            const here = DIST + relative(src, args.path).split(sep).join('/').replace(/\.ts$/, '.js');
            return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(here)}, import.meta.url).href`), loader: 'ts' };
          });
        },
      },
    ],
  });
  rmSync(join(dist, 'chunks'), { recursive: true, force: true });
  for (const file of result.outputFiles) {
    const up = relative(dirname(file.path), dist).split(sep).join('/');
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.text.replaceAll(DIST, up === '' ? './' : `${up}/`));
  }
}
