/**
 * Validates a certainty comparator (default: the offline lexicon comparator) on the shared
 * certainty data. The files are NOT part of the repository; pass their paths:
 *
 *   npx tsx scripts/validate-certainty.ts \
 *     --insciout ../shared/data/certainty/insciout_test.jsonl \
 *     [--insciout-train ../shared/data/certainty/insciout_train.jsonl] \
 *     [--radiology-pairwise ../shared/data/certainty/radiology_phrase_pairwise.csv] \
 *     [--radiology-ranking ../shared/data/certainty/radiology_phrase_ranking.csv] \
 *     [--wikiweasel ../shared/data/certainty/wikiweasel_train.csv --pairs 2000] \
 *     [--labelled FILE.jsonl]   # any {a, b, label} file
 *     [--pair-weights W.json [--pair-fingerprints F.json]]   # a pair comparator (fit-certainty-pairs.ts) instead
 *     [--tie-band X] [--clear-band Y]   # the offline comparator with other bands
 *
 * Formats (loaders exported below):
 * - InSciOut (copenlu/scientific-exaggeration-detection): one JSON object per line with
 *   abstract_conclusion / abstract_strength and press_release_conclusion / press_release_strength
 *   (0 no relation, 1 correlational, 2 conditional causal, 3 direct causal). Pair: a = abstract
 *   (the source), b = press release (the rewrite), label = press − abstract strength.
 * - Radiology pairwise (prabaey/lunguage_uncertainty): question, phrase_1, phrase_2, response_1..6
 *   (each the phrase a radiologist judged more certain). Each phrase is put in the sentence
 *   "There is a right lower lobe opacity, <phrase> pneumonia." style template; label = majority.
 * - Radiology ranking: phrase, mu, sigma, rank (0 = most certain); compared as all pairs.
 * - WikiWeasel: text, label (1 = uncertain); random pairs of one certain and one uncertain sentence.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parse } from 'csv-parse/sync';
import { Command } from 'commander';
import { InputError } from '../src/core/errors.js';
import { createRng } from '../src/stats/rng.js';
import { certaintyCard } from '../src/judges/card-builders.js';
import { fingerprintSet, textFingerprint } from '../src/judges/fingerprint.js';
import { OfflineCertaintyComparator, offlineComparatorWithBands } from '../src/judges/certainty/offline-comparator.js';
import { PairCertaintyComparator, parsePairWeights } from '../src/judges/certainty/pair-comparator.js';
import { validateCertaintyComparator, type CertaintyValidation, type LabelledPair } from '../src/judges/certainty/validate.js';

function readCsv(file: string): Record<string, string>[] {
  return parse(readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true, relax_quotes: true }) as Record<string, string>[];
}

function strength(v: unknown, file: string, line: number, field: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 3) throw new InputError({ file, line, field }, `expected a claim strength 0-3, got ${JSON.stringify(v)}`);
  return n;
}

/** Non-blank JSONL lines as objects with their 1-based line numbers; a malformed line names its line. */
function jsonlRows(file: string): { r: Record<string, unknown>; line: number }[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l, i) => ({ l, line: i + 1 }))
    .filter(({ l }) => l.trim())
    .map(({ l, line }) => {
      try {
        return { r: JSON.parse(l) as Record<string, unknown>, line };
      } catch (err) {
        throw new InputError({ file, line }, `malformed JSON: ${(err as Error).message}`);
      }
    });
}

export interface InSciOutRecord {
  /** original_file_id (one study); line number when absent */
  id: string;
  abstract: string;
  press: string;
  abstractStrength: number;
  pressStrength: number;
}

export function loadInSciOutRecords(file: string): InSciOutRecord[] {
  return jsonlRows(file).map(({ r, line }) => {
    const a = r.abstract_conclusion;
    const b = r.press_release_conclusion;
    if (typeof a !== 'string' || typeof b !== 'string') throw new InputError({ file, line }, 'expected abstract_conclusion and press_release_conclusion strings');
    return {
      id: typeof r.original_file_id === 'string' ? r.original_file_id : `${file}:${line}`,
      abstract: a,
      press: b,
      abstractStrength: strength(r.abstract_strength, file, line, 'abstract_strength'),
      pressStrength: strength(r.press_release_strength, file, line, 'press_release_strength'),
    };
  });
}

/** Pairs a = abstract (the source), b = press release (the rewrite), label = press − abstract strength. */
export function loadInSciOut(file: string): LabelledPair[] {
  return loadInSciOutRecords(file).map((r) => ({ a: r.abstract, b: r.press, label: r.pressStrength - r.abstractStrength }));
}

/** Causal-strength sentences (junwang4/correlation-to-causation-exaggeration): sentence, label 0-3; `doc` = the document part of sentId (EurekAlert file) when present. */
export function loadStrengthSentences(file: string): { text: string; label: number; doc?: string }[] {
  return readCsv(file).map((r, i) => ({
    text: r.sentence ?? '',
    label: strength(r.label, file, i + 2, 'label'),
    ...(r.sentId ? { doc: r.sentId.split('-')[0]! } : {}),
  }));
}

export function loadWikiWeasel(file: string): { text: string; uncertain: boolean }[] {
  return readCsv(file).map((r) => ({ text: (r.text ?? '').trim(), uncertain: r.label === '1' }));
}

export const RADIOLOGY_TEMPLATE = (phrase: string): string => `Patchy opacity at the right lung base, ${phrase} pneumonia.`;

export function loadRadiologyPairwise(file: string): LabelledPair[] {
  const out: LabelledPair[] = [];
  readCsv(file).forEach((r) => {
    const p1 = r.phrase_1 ?? '';
    const p2 = r.phrase_2 ?? '';
    let v1 = 0;
    let v2 = 0;
    for (const [k, v] of Object.entries(r)) {
      if (!k.startsWith('response_')) continue;
      if (v === p1) v1++;
      else if (v === p2) v2++;
    }
    out.push({ a: RADIOLOGY_TEMPLATE(p1), b: RADIOLOGY_TEMPLATE(p2), label: v2 - v1 });
  });
  return out;
}

export function loadRadiologyRanking(file: string): LabelledPair[] {
  const rows = readCsv(file).map((r) => ({ phrase: r.phrase ?? '', mu: Number(r.mu) }));
  const out: LabelledPair[] = [];
  for (let i = 0; i < rows.length; i++) for (let j = i + 1; j < rows.length; j++) out.push({ a: RADIOLOGY_TEMPLATE(rows[i]!.phrase), b: RADIOLOGY_TEMPLATE(rows[j]!.phrase), label: rows[j]!.mu - rows[i]!.mu });
  return out;
}

export function wikiWeaselPairs(rows: { text: string; uncertain: boolean }[], count: number, seed: number): LabelledPair[] {
  const rng = createRng(seed);
  const cert = rows.filter((r) => !r.uncertain);
  const unc = rows.filter((r) => r.uncertain);
  const out: LabelledPair[] = [];
  for (let k = 0; k < count && cert.length && unc.length; k++) {
    const c = cert[Math.floor(rng() * cert.length)]!.text;
    const u = unc[Math.floor(rng() * unc.length)]!.text;
    out.push(rng() < 0.5 ? { a: c, b: u, label: -1 } : { a: u, b: c, label: 1 });
  }
  return out;
}

export function loadLabelledJsonl(file: string): LabelledPair[] {
  return jsonlRows(file).map(({ r, line }) => {
      if (typeof r.a !== 'string' || typeof r.b !== 'string' || !Number.isFinite(Number(r.label))) throw new InputError({ file, line }, 'expected {a: string, b: string, label: number}');
      return { a: r.a, b: r.b, label: Number(r.label) };
    });
}

function fmt(name: string, v: CertaintyValidation): string {
  const p = (x: number): string => (Number.isNaN(x) ? 'n/a' : x.toFixed(3));
  return [
    `${name}: direction accuracy ${p(v.directionAccuracy)} (n = ${v.n} differing pairs; ${p(v.decidedAccuracy)} of ${v.decided} where a direction was given); order accuracy (sign of δ) ${p(v.orderAccuracy)}; ties recognised ${p(v.tieAccuracy)} of ${v.nTies}; Kendall τ_b ${p(v.tauB)} (p = ${v.tauBPValue.toExponential(2)}, n = ${v.nAll})`,
    ...(v.inTraining ? [`  IN-SAMPLE: ${v.inTraining} of ${v.nAll} pairs contain a training text of the comparator`] : []),
    `  confusion (rows true −/0/+, cols predicted −/0/+/other): ${JSON.stringify(v.confusion.counts)}`,
  ].join('\n');
}

async function main(): Promise<void> {
  const o = new Command()
    .option('--insciout <file>')
    .option('--insciout-train <file>')
    .option('--radiology-pairwise <file>')
    .option('--radiology-ranking <file>')
    .option('--wikiweasel <file>')
    .option('--pairs <n>', 'WikiWeasel pairs', '2000')
    .option('--seed <n>', 'seed', '7')
    .option('--labelled <file>')
    .option('--pair-weights <file>', 'validate a pair comparator fitted by scripts/fit-certainty-pairs.ts --out-weights instead of the offline comparator')
    .option('--pair-fingerprints <file>', "its training fingerprints (fit-certainty-pairs.ts --out-fingerprints), to flag in-sample pairs")
    .option('--out-card <file>', "write the offline comparator's card (src/judges/certainty/card.json) from the --insciout figures")
    .option('--tie-band <x>', 'offline comparator: replace the fitted tie band (|δ| below it is "no clear difference")')
    .option('--clear-band <x>', 'offline comparator: replace the fitted clear band (default: the fitted one, at least the tie band)')
    .parse()
    .opts<Record<string, string | undefined>>();
  const sets: [string, LabelledPair[]][] = [];
  if (o.insciout) sets.push([`InSciOut ${o.insciout}`, loadInSciOut(o.insciout)]);
  if (o.inscioutTrain) sets.push([`InSciOut train ${o.inscioutTrain}`, loadInSciOut(o.inscioutTrain)]);
  if (o.radiologyPairwise) sets.push(['radiology pairwise', loadRadiologyPairwise(o.radiologyPairwise)]);
  if (o.radiologyRanking) sets.push(['radiology ranking (all pairs)', loadRadiologyRanking(o.radiologyRanking)]);
  if (o.wikiweasel) sets.push(['WikiWeasel pairs', wikiWeaselPairs(loadWikiWeasel(o.wikiweasel), Number(o.pairs), Number(o.seed))]);
  if (o.labelled) sets.push([o.labelled, loadLabelledJsonl(o.labelled)]);
  if (sets.length === 0) throw new Error('nothing to validate: pass --insciout, --radiology-*, --wikiweasel or --labelled');
  const pair = o.pairWeights ? new PairCertaintyComparator(parsePairWeights(JSON.parse(readFileSync(o.pairWeights, 'utf8')) as unknown, o.pairWeights)) : undefined;
  if (pair && o.outCard) throw new Error('--out-card writes the offline comparator\'s card; it cannot be combined with --pair-weights');
  const banded = o.tieBand !== undefined || o.clearBand !== undefined;
  if (banded && (pair || o.outCard)) throw new Error('--tie-band / --clear-band apply to the offline comparator and do not write its card: not with --pair-weights or --out-card');
  const band = (v: string | undefined, name: string): number | undefined => {
    if (v === undefined) return undefined;
    const x = Number(v);
    if (!(x >= 0)) throw new Error(`${name}: expected a number ≥ 0, got ${JSON.stringify(v)}`);
    return x;
  };
  const comparator = pair ?? (banded ? offlineComparatorWithBands({ tieBand: band(o.tieBand, '--tie-band'), clearBand: band(o.clearBand, '--clear-band') }) : undefined);
  if (banded) console.log(`offline comparator with tie band ${comparator!.tieBand}, clear band ${comparator!.clearBand}`);
  const fp = o.pairFingerprints ? fingerprintSet((JSON.parse(readFileSync(o.pairFingerprints, 'utf8')) as { fingerprints: string }).fingerprints) : undefined;
  for (const [name, items] of sets) {
    const v = await validateCertaintyComparator({ items, ...(comparator ? { comparator } : {}), ...(fp ? { inTraining: (t: string) => fp.has(textFingerprint(t)) } : {}) });
    console.log(fmt(name, v));
    if (o.outCard && o.insciout && name === `InSciOut ${o.insciout}`) {
      const comparator = new OfflineCertaintyComparator();
      const card = certaintyCard(v, {
        judge: 'certainty-offline',
        version: comparator.version,
        data: `${o.insciout.split('/').at(-1)} (all ${v.nAll} pairs; a = abstract conclusion, b = press-release conclusion, direction = sign of press − abstract strength); the comparator was fitted without this file`,
        heldOut: true,
        summary: 'held-out InSciOut test pairs',
        command: 'npx tsx scripts/validate-certainty.ts --insciout …/insciout_test.jsonl --out-card src/judges/certainty/card.json',
      });
      writeFileSync(o.outCard, JSON.stringify(card, null, 2) + '\n');
      console.log(`wrote ${o.outCard}`);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
