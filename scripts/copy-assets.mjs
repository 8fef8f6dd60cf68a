// Copies the JSON assets under src/ (fitted judge weights, judge cards, training fingerprints) to
// dist/ after `tsc`, which emits only what TypeScript imports. Run by `npm run build`.
import { cpSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

function walk(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (e.name.endsWith('.json')) cpSync(p, join('dist', relative('src', p)));
  }
}
walk('src');
