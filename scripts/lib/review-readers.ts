/**
 * Readers of the star-rated review files used to fit and validate the offline framing judge
 * (scripts/calibrate-framing.ts, scripts/fit-framing.ts). Labels: 1–2 stars negative, 3 neutral,
 * 4–5 positive (seed 000, A.1). A bad rating names its file and row; empty texts are counted.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Framing } from '../../src/core/types.js';
import { InputError, UserError } from '../../src/core/errors.js';
import { ratingToFraming } from '../../src/judges/framing/evaluate.js';

export interface Review {
  dataset: string;
  text: string;
  label: Framing;
}

function rating(file: string, row: number, field: string, raw: unknown): Framing {
  const s = String(raw ?? '').trim();
  const label = ratingToFraming(Number(s));
  if (s === '' || label === null) throw new InputError({ file, row, field }, `expected a rating from 1 to 5, got ${JSON.stringify(raw)}`);
  return label;
}

/** Reads rows of a delimited file; `row` numbers count data rows from 1 (header excluded). */
export function readTable(file: string, delimiter: string, textField: string, ratingField: string, dataset: string, skipped: Map<string, number>): Review[] {
  const records = parse(readFileSync(file, 'utf8'), {
    columns: true,
    bom: true,
    delimiter,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
  }) as Record<string, string>[];
  const first = records[0];
  if (first === undefined) throw new UserError(`${file}: no data rows`);
  for (const f of [textField, ratingField]) {
    if (!(f in first)) throw new InputError({ file, line: 1, field: f }, `missing column "${f}" (columns: ${Object.keys(first).join(', ')})`);
  }
  const out: Review[] = [];
  records.forEach((r, i) => {
    const text = (r[textField] ?? '').trim();
    const label = rating(file, i + 1, ratingField, r[ratingField]);
    if (text === '') {
      skipped.set(dataset, (skipped.get(dataset) ?? 0) + 1);
      return;
    }
    out.push({ dataset, text, label });
  });
  return out;
}

/** Blitzer et al. (2007) pseudo-XML: <review> ... <rating>5.0</rating> ... <review_text>...</review_text> */
export function readBlitzer(file: string, dataset: string, expected: 'positive' | 'negative', skipped: Map<string, number>): Review[] {
  const raw = readFileSync(file, 'latin1');
  const out: Review[] = [];
  let pos = 0;
  let n = 0;
  for (;;) {
    const start = raw.indexOf('<review>', pos);
    if (start < 0) break;
    const end = raw.indexOf('</review>', start);
    if (end < 0) throw new InputError({ file, row: n + 1 }, 'unterminated <review>');
    const block = raw.slice(start, end);
    pos = end + 9;
    n++;
    const field = (tag: string): string | undefined => {
      const a = block.indexOf(`<${tag}>`);
      const b = block.indexOf(`</${tag}>`, a);
      return a < 0 || b < 0 ? undefined : block.slice(a + tag.length + 2, b).trim();
    };
    const text = field('review_text');
    const label = rating(file, n, 'rating', field('rating'));
    if (label !== expected) throw new InputError({ file, row: n, field: 'rating' }, `a ${label} rating in the ${expected} file`);
    if (text === undefined || text === '') {
      skipped.set(dataset, (skipped.get(dataset) ?? 0) + 1);
      continue;
    }
    out.push({ dataset, text, label });
  }
  if (n === 0) throw new UserError(`${file}: no <review> blocks`);
  return out;
}


/** The three review sources of docs/judges/framing-offline.md, by the paths given. */
export function readReviewSources(paths: { datafiniti: string; alexa: string; blitzerPos: string; blitzerNeg: string }, skipped: Map<string, number>): Review[] {
  return [
    ...readTable(paths.datafiniti, ',', 'reviews.text', 'reviews.rating', 'datafiniti', skipped),
    ...readTable(paths.alexa, '\t', 'verified_reviews', 'rating', 'alexa', skipped),
    ...readBlitzer(paths.blitzerPos, 'blitzer', 'positive', skipped),
    ...readBlitzer(paths.blitzerNeg, 'blitzer', 'negative', skipped),
  ];
}
