import { basename, extname } from 'node:path';
import { InputError, type SourceLocation } from '../../core/errors.js';
import { detectFormat, readDelimitedFile, readRecords, type InputRecord } from '../../data/index.js';
import { humanScoreFromMajority, humanScoreFromRelease } from './humans.js';
import { wildframeRecordSchema, type WildframeRecord } from './schema.js';
import type { Polarity } from './score.js';

/**
 * Import of the WildFrame release (SLAB-NLP/WildFrame-Eval):
 *
 * - predictions `<model>_opposite_framing_predictions[_with_neutral].csv`, columns
 *   ID, sentence_text, answer (the base sentiment), positive_framing, negative_framing,
 *   opposite_framing_raw_pred (the model's answer to the opposite framing: positive_framing when
 *   answer = negative, else negative_framing), opposite_framing_processed_pred;
 * - human annotations `framed_eval.csv`, columns sentence_id, base_sentence_text, base_sentiment,
 *   opposite_framing_sentence, positive_score, negative_score (shares of 5 annotators),
 *   majority_sentiment, majority_confidence, sentiment_flip_after_framing.
 *
 * Join: predictions.ID = framed_eval.sentence_id (the release's own join, visualize.py
 * `model_df[model_df['ID'] == sentence_id]`). The prediction files hold 2,163 statements (1,000 for
 * gpt-3.5), of which the 1,000 in framed_eval were annotated. With humans, a record takes the base
 * statement and the framed statement from framed_eval (what the annotators saw), the answer from
 * the predictions; the base sentiments of the two files must agree (an error otherwise: the files do
 * not belong together). Rows on either side without a partner are counted in the stats, never
 * dropped silently; prediction rows without humans are kept only with `keepUnannotated`.
 */
export interface WildframeImportStats {
  format: 'release-predictions' | 'records';
  /** rows read from the input */
  read: number;
  /** rows read from the humans file */
  humansRead?: number;
  /** input rows joined to a humans row */
  matched?: number;
  /** input rows with no humans row (kept only with keepUnannotated) */
  inputWithoutHumans?: number;
  /** humans rows with no input row */
  humansWithoutInput?: number;
  /** inputWithoutHumans + humansWithoutInput */
  unmatched?: number;
  /** joined rows whose framed statement differs between the two files (framed_eval's is used) */
  framedTextDiffers?: number;
  /** records returned */
  records: number;
}

export interface WildframeImport {
  records: WildframeRecord[];
  stats: WildframeImportStats;
}

const RELEASE_SUFFIX = /_opposite_framing_predictions(_with_neutral)?$/;

/** "gpt-4o-2024-08-06_opposite_framing_predictions_with_neutral.csv" -> "gpt-4o-2024-08-06" */
export function modelNameFromReleaseFile(file: string): string {
  const stem = basename(file, extname(file));
  return stem.replace(RELEASE_SUFFIX, '');
}

/** Is this file one of the WildFrame release's prediction CSVs (columns ID, opposite_framing_raw_pred)? */
export async function isWildframeReleaseCsv(file: string): Promise<boolean> {
  if (detectFormat(file) !== 'csv') return false;
  const columns = await csvColumns(file);
  return columns.includes('ID') && columns.includes('opposite_framing_raw_pred');
}

async function csvColumns(file: string): Promise<string[]> {
  let columns: string[] = [];
  const it = readDelimitedFile(file, { delimiter: ',', checkHeader: (h) => void (columns = h.columns) });
  for await (const item of it) {
    void item;
    break;
  }
  return columns;
}

function polarity(value: unknown, loc: SourceLocation): Polarity {
  if (value === 'positive' || value === 'negative') return value;
  throw new InputError(loc, `expected "positive" or "negative", got ${JSON.stringify(value)}`);
}

function str(rec: InputRecord, field: string): string | undefined {
  const v = rec.fields[field];
  return typeof v === 'string' ? v : undefined;
}

/** Rows of a release predictions CSV as records (no human scores yet). */
async function readReleasePredictions(file: string, model: string): Promise<WildframeRecord[]> {
  const out: WildframeRecord[] = [];
  const reader = readRecords(file, {
    format: 'csv',
    idField: 'ID',
    required: ['sentence_text', 'answer'],
    optional: ['positive_framing', 'negative_framing', 'opposite_framing_raw_pred', 'opposite_framing_processed_pred'],
  });
  for await (const rec of reader) {
    const baseSentiment = polarity(str(rec, 'answer'), { ...rec.location, field: 'answer' });
    const framedField = baseSentiment === 'positive' ? 'negative_framing' : 'positive_framing';
    const framed = str(rec, framedField);
    if (framed === undefined || framed.trim() === '') {
      throw new InputError({ ...rec.location, field: framedField }, `the opposite framing of a ${baseSentiment} statement is empty; expected the reframed statement`);
    }
    const r: WildframeRecord = {
      id: rec.id,
      base: (str(rec, 'sentence_text') ?? '').trim(),
      baseSentiment,
      framed: framed.trim(),
      // an empty answer is a recorded answer that names no label (unparseable), not a missing one
      prediction: str(rec, 'opposite_framing_raw_pred') ?? '',
      model,
    };
    const processed = str(rec, 'opposite_framing_processed_pred');
    if (processed !== undefined) r.releaseLabel = processed;
    out.push(r);
  }
  return out;
}

/** Records in slant's canonical fields (JSONL, CSV, ...). */
async function readCanonical(file: string, model: string | undefined): Promise<WildframeRecord[]> {
  const out: WildframeRecord[] = [];
  const reader = readRecords(file, {
    required: ['base', 'baseSentiment', 'framed'],
    optional: ['prediction', 'humanScore', 'model', 'releaseLabel'],
    schema: wildframeRecordSchema,
  });
  for await (const rec of reader) {
    const r = { id: rec.id, ...rec.fields } as WildframeRecord;
    if (model !== undefined && r.model === undefined) r.model = model;
    out.push(r);
  }
  return out;
}

interface HumanRow {
  id: string;
  base: string;
  baseSentiment: Polarity;
  framed: string;
  humanScore: number;
  location: SourceLocation;
}

function share(rec: InputRecord, field: string): number {
  const loc = { ...rec.location, field };
  const raw = rec.fields[field];
  const v = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  if (!Number.isFinite(v) || v < -1e-9 || v > 1 + 1e-9) throw new InputError(loc, `expected a share of annotators in [0, 1], got ${JSON.stringify(raw)}`);
  if (Math.abs(v * 5 - Math.round(v * 5)) > 1e-6) throw new InputError(loc, `expected a multiple of 1/5 (5 annotators), got ${JSON.stringify(raw)}`);
  return v;
}

/** framed_eval.csv rows with their human score (0..5). */
export async function readReleaseHumans(file: string): Promise<HumanRow[]> {
  const out: HumanRow[] = [];
  const reader = readRecords(file, {
    format: detectFormat(file),
    idField: 'sentence_id',
    required: ['base_sentence_text', 'base_sentiment', 'opposite_framing_sentence', 'positive_score', 'negative_score'],
    optional: ['majority_confidence', 'sentiment_flip_after_framing'],
  });
  for await (const rec of reader) {
    const baseSentiment = polarity(str(rec, 'base_sentiment'), { ...rec.location, field: 'base_sentiment' });
    const humanScore = humanScoreFromRelease({ baseSentiment, positiveScore: share(rec, 'positive_score'), negativeScore: share(rec, 'negative_score') });
    const mc = rec.fields['majority_confidence'];
    const flip = str(rec, 'sentiment_flip_after_framing');
    if (mc !== undefined && flip !== undefined) {
      const viaMajority = humanScoreFromMajority(Number(mc), flip.toLowerCase() === 'true');
      if (viaMajority !== humanScore) {
        throw new InputError(
          { ...rec.location, field: 'majority_confidence' },
          `inconsistent annotations: positive/negative scores give ${humanScore} of 5 annotators following the framing, majority_confidence and sentiment_flip_after_framing give ${viaMajority}`,
        );
      }
    }
    out.push({
      id: rec.id,
      base: (str(rec, 'base_sentence_text') ?? '').trim(),
      baseSentiment,
      framed: (str(rec, 'opposite_framing_sentence') ?? '').trim(),
      humanScore,
      location: rec.location,
    });
  }
  return out;
}

/**
 * Records for the wildframe probe from an input file (a release predictions CSV, or records in
 * canonical fields) and, optionally, the release's human annotations (framed_eval.csv).
 */
export async function buildWildframeRecords(args: {
  input: string;
  humans?: string;
  model?: string;
  keepUnannotated?: boolean;
}): Promise<WildframeImport> {
  const format = detectFormat(args.input);
  const columns = format === 'csv' ? await csvColumns(args.input) : [];
  const isRelease = columns.includes('ID') && columns.includes('opposite_framing_raw_pred');
  const model = args.model ?? (isRelease ? modelNameFromReleaseFile(args.input) : undefined);
  const input = isRelease ? await readReleasePredictions(args.input, model as string) : await readCanonical(args.input, model);
  const stats: WildframeImportStats = { format: isRelease ? 'release-predictions' : 'records', read: input.length, records: 0 };
  if (args.humans === undefined) {
    stats.records = input.length;
    return { records: input, stats };
  }

  const humans = await readReleaseHumans(args.humans);
  const byId = new Map(humans.map((h) => [h.id, h]));
  const used = new Set<string>();
  const records: WildframeRecord[] = [];
  let framedTextDiffers = 0;
  let withoutHumans = 0;
  for (const r of input) {
    const h = byId.get(r.id);
    if (!h) {
      withoutHumans += 1;
      if (args.keepUnannotated === true) records.push(r);
      continue;
    }
    used.add(h.id);
    if (h.baseSentiment !== r.baseSentiment) {
      throw new InputError(
        { ...h.location, field: 'base_sentiment' },
        `statement ${h.id} is ${h.baseSentiment} here but ${r.baseSentiment} in ${args.input}; the humans file and the input do not belong together`,
      );
    }
    if (normaliseSpace(h.framed) !== normaliseSpace(r.framed)) framedTextDiffers += 1;
    records.push({ ...r, base: h.base, framed: h.framed, humanScore: h.humanScore });
  }
  stats.humansRead = humans.length;
  stats.matched = used.size;
  stats.inputWithoutHumans = withoutHumans;
  stats.humansWithoutInput = humans.length - used.size;
  stats.unmatched = withoutHumans + stats.humansWithoutInput;
  stats.framedTextDiffers = framedTextDiffers;
  stats.records = records.length;
  return { records, stats };
}

/** The brief's name for the release import: predictions CSV plus optional framed_eval.csv. */
export function loadWildframeRelease(predictionsCsv: string, framedEvalCsv?: string, opts: { model?: string; keepUnannotated?: boolean } = {}): Promise<WildframeImport> {
  return buildWildframeRecords({ input: predictionsCsv, ...(framedEvalCsv !== undefined ? { humans: framedEvalCsv } : {}), ...opts });
}

function normaliseSpace(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
