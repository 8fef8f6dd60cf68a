/**
 * Compares the VADER lexicon shipped by npm `vader-sentiment` with a vaderSentiment 3.3.2
 * vader_lexicon.txt given on the command line, and checks that the committed patch
 * (src/judges/framing/vader-lexicon-patch.ts) closes every difference.
 *
 *   npx tsx scripts/compare-vader-lexicon.ts ../shared/data/lexicons/vader_lexicon.txt
 */
import { readFileSync } from 'node:fs';
import { npmVaderLexiconPath, parseVaderLexicon, vaderLexicon } from '../src/judges/framing/vader-lexicon.js';

const ref = process.argv[2];
if (ref === undefined) {
  console.error('usage: tsx scripts/compare-vader-lexicon.ts PATH/TO/vader_lexicon.txt (3.3.2)');
  process.exit(2);
}
const npmPath = npmVaderLexiconPath();
const npm = parseVaderLexicon(readFileSync(npmPath, 'utf8'), npmPath);
const v332 = parseVaderLexicon(readFileSync(ref, 'utf8'), ref);

function diff(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>) {
  const onlyA: string[] = [];
  const onlyB: string[] = [];
  const changed: string[] = [];
  for (const [k, v] of a) {
    const w = b.get(k);
    if (w === undefined) onlyA.push(k);
    else if (w !== v) changed.push(`${k}: ${v} -> ${w}`);
  }
  for (const k of b.keys()) if (!a.has(k)) onlyB.push(k);
  return { onlyA, onlyB, changed };
}

const raw = diff(npm, v332);
console.log(`npm vader-sentiment lexicon: ${npm.size} distinct tokens (${npmPath})`);
console.log(`3.3.2 lexicon:               ${v332.size} distinct tokens (${ref})`);
console.log(`only in npm:   ${raw.onlyA.length} ${raw.onlyA.join(', ')}`);
console.log(`only in 3.3.2: ${raw.onlyB.length} ${raw.onlyB.join(', ')}`);
console.log(`values differ: ${raw.changed.length} ${raw.changed.join('; ')}`);
const patched = diff(vaderLexicon(), v332);
const left = patched.onlyA.length + patched.onlyB.length + patched.changed.length;
console.log(`after the committed 3.3.2 patch: ${left} differences`);
process.exit(left === 0 ? 0 : 1);
