// Copies what tsc does not emit to dist/ after `tsc`: the JSON assets under src/ (fitted judge
// weights, judge cards, training fingerprints), the vendored CommonJS bundles (src/stats/vendor) and the annotation app's browser script and
// stylesheet (src/annotate/public). Run by `npm run build`.
import { cpSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

function walk(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (e.name.endsWith('.json') || e.name.endsWith('.cjs')) cpSync(p, join('dist', relative('src', p)));
  }
}
walk('src');
cpSync('src/annotate/public', 'dist/annotate/public', { recursive: true });
