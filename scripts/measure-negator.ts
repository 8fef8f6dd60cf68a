/**
 * Measures the offline negator on sentence / negated-sentence pairs (the CANNOT dataset's TSV
 * components, dmlls/cannot-dataset, CC BY-SA 4.0), which are not part of slant:
 *
 *   npx tsx scripts/measure-negator.ts <dir-or-file.tsv> [--json] [--examples N]
 *
 * For every distinct source sentence (first column) it runs negateSentence and the negation check
 * (src/text/negator/check.ts), and reports per file and overall:
 *   - acceptance rate: outputs that pass the check, over ALL source sentences (a sentence the
 *     negator cannot handle counts as a failure), with a Wilson 95% interval;
 *   - the rules used;
 *   - for files with a gold negation (header `sentence<TAB>negated`): exact agreement with the gold
 *     negation after tokenising both the same way, and how many gold negations pass the check
 *     (the check's own recall on human/reference negations).
 * Files with header `premise<TAB>hypothesis<TAB>label` contribute their premises only.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { wilsonInterval } from '../src/stats/proportion.js';
import { checkNegation, negateSentence, negationTokens, type NegationRule } from '../src/text/negator/index.js';

interface FileStats {
  file: string;
  sentences: number;
  produced: number;
  accepted: number;
  rules: Partial<Record<NegationRule, number>>;
  withGold: number;
  exactGold: number;
  goldPassCheck: number;
  /** gold pairs whose gold negation adds/removes a negation cue (the negator's own kind) */
  cueGold: number;
  /** ... of which the negator's output equals the gold */
  exactCueGold: number;
  failures: { sentence: string; output: string | null; why: string }[];
}

function readPairs(path: string): { sentence: string; gold?: string }[] {
  const lines = readFileSync(path, 'utf8').split(/\r?\n/);
  const header = (lines[0] ?? '').split('\t').map((h) => h.trim().toLowerCase());
  const hasGold = header[0] === 'sentence' && header[1] === 'negated';
  const rows: { sentence: string; gold?: string }[] = [];
  for (const line of lines.slice(1)) {
    if (line.trim() === '') continue;
    const cols = line.split('\t');
    const sentence = (cols[0] ?? '').trim();
    if (sentence === '') continue;
    const gold = cols[1]?.trim();
    rows.push(hasGold && gold !== undefined && gold !== '' ? { sentence, gold } : { sentence });
  }
  return rows;
}

function measureFile(path: string, maxExamples: number): FileStats {
  const s: FileStats = { file: basename(path), sentences: 0, produced: 0, accepted: 0, rules: {}, withGold: 0, exactGold: 0, goldPassCheck: 0, cueGold: 0, exactCueGold: 0, failures: [] };
  const seen = new Set<string>();
  for (const { sentence, gold } of readPairs(path)) {
    if (gold !== undefined) {
      s.withGold++;
      const g = checkNegation(sentence, gold);
      if (g.ok) s.goldPassCheck++;
      if (g.ok && g.polarity === 'cue-parity') {
        s.cueGold++;
        const out = negateSentence(sentence);
        if (out !== null && negationTokens(out.text).join(' ') === negationTokens(gold).join(' ')) s.exactCueGold++;
      }
    }
    if (seen.has(sentence)) {
      if (gold !== undefined) {
        // count exact agreement against any of the sentence's gold negations, once per pair
        const out = negateSentence(sentence);
        if (out !== null && negationTokens(out.text).join(' ') === negationTokens(gold).join(' ')) s.exactGold++;
      }
      continue;
    }
    seen.add(sentence);
    s.sentences++;
    const out = negateSentence(sentence);
    if (out === null) {
      if (s.failures.length < maxExamples) s.failures.push({ sentence, output: null, why: 'no rule applied' });
      continue;
    }
    s.produced++;
    s.rules[out.rule] = (s.rules[out.rule] ?? 0) + 1;
    const c = checkNegation(sentence, out.text);
    if (c.ok) s.accepted++;
    else if (s.failures.length < maxExamples) s.failures.push({ sentence, output: out.text, why: !c.changed ? 'unchanged' : !c.minimal ? `not minimal (edit ${c.edit})` : 'no polarity change' });
    if (gold !== undefined && negationTokens(out.text).join(' ') === negationTokens(gold).join(' ')) s.exactGold++;
  }
  return s;
}

function main(argv: string[]): void {
  const target = argv.find((a) => !a.startsWith('--'));
  if (target === undefined) {
    process.stderr.write('usage: npx tsx scripts/measure-negator.ts <dir-or-file.tsv> [--json] [--examples N]\n');
    process.exit(2);
  }
  const ex = argv.indexOf('--examples');
  const maxExamples = ex >= 0 ? Number(argv[ex + 1] ?? 5) : 5;
  const files = statSync(target).isDirectory()
    ? readdirSync(target)
        .filter((f) => f.endsWith('.tsv'))
        .sort()
        .map((f) => join(target, f))
    : [target];
  const stats = files.map((f) => measureFile(f, maxExamples));
  const total = stats.reduce(
    (t, s) => ({
      sentences: t.sentences + s.sentences,
      produced: t.produced + s.produced,
      accepted: t.accepted + s.accepted,
      withGold: t.withGold + s.withGold,
      exactGold: t.exactGold + s.exactGold,
      goldPassCheck: t.goldPassCheck + s.goldPassCheck,
      cueGold: t.cueGold + s.cueGold,
      exactCueGold: t.exactCueGold + s.exactCueGold,
    }),
    { sentences: 0, produced: 0, accepted: 0, withGold: 0, exactGold: 0, goldPassCheck: 0, cueGold: 0, exactCueGold: 0 },
  );
  const rules: Record<string, number> = {};
  for (const s of stats) for (const [k, v] of Object.entries(s.rules)) rules[k] = (rules[k] ?? 0) + v;
  const ci = total.sentences > 0 ? wilsonInterval(total.accepted, total.sentences) : undefined;
  if (argv.includes('--json')) {
    process.stdout.write(JSON.stringify({ files: stats, total: { ...total, rules, acceptance: total.accepted / total.sentences, ci } }, null, 2) + '\n');
    return;
  }
  const pct = (a: number, b: number): string => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);
  for (const s of stats) {
    process.stdout.write(
      `${s.file}: ${s.sentences} sentences, produced ${pct(s.produced, s.sentences)}, accepted ${s.accepted} = ${pct(s.accepted, s.sentences)}` +
        (s.withGold > 0 ? `; exact = gold ${pct(s.exactGold, s.withGold)} of ${s.withGold} pairs (${pct(s.exactCueGold, s.cueGold)} of ${s.cueGold} cue-negation golds); gold passes check ${pct(s.goldPassCheck, s.withGold)}` : '') +
        `\n  rules ${JSON.stringify(s.rules)}\n`,
    );
    for (const f of s.failures) process.stdout.write(`  x ${f.why}: ${f.sentence}\n      -> ${f.output ?? '(none)'}\n`);
  }
  process.stdout.write(
    `\nTOTAL: ${total.sentences} distinct sentences; accepted ${total.accepted} = ${pct(total.accepted, total.sentences)}` +
      (ci ? ` (Wilson 95% ${(100 * ci.low).toFixed(1)}-${(100 * ci.high).toFixed(1)}%)` : '') +
      `; produced ${pct(total.produced, total.sentences)}\n` +
      `gold pairs: ${total.withGold}; negator output equals the gold negation on ${pct(total.exactGold, total.withGold)}; gold negations passing the check: ${pct(total.goldPassCheck, total.withGold)}\n` +
      `gold pairs negated by adding/removing a cue (the negator's kind): ${total.cueGold}; negator output equals that gold on ${pct(total.exactCueGold, total.cueGold)}\n` +
      `rules: ${JSON.stringify(rules)}\n`,
  );
}

main(process.argv.slice(2));
