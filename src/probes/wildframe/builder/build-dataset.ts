import { deriveRecordId, readRecords } from '../../../data/index.js';
import type { LanguageModel } from '../../../models/types.js';
import type { WildframeRecord } from '../schema.js';
import { extractCandidates, type ClarityFlag, type PatternName } from './extract.js';
import { reframe } from './reframe.js';
import { verbatimCheck, type VerbatimMode } from './verbatim.js';

/** A built record: the probe's record plus where it came from. */
export interface BuiltRecord extends WildframeRecord {
  /** id of the corpus text it was extracted from */
  sourceId: string;
  pattern: PatternName;
  /** the sentiment word that matched */
  trigger: string;
  negated: boolean;
  /** the model's raw reframing answer */
  rawReframe: string;
}

export interface BuildStats {
  texts: number;
  /** sentences matching a pattern */
  candidates: number;
  /** candidates by polarity after negation */
  byPolarity: { positive: number; negative: number };
  /** candidates whose polarity was flipped by negation */
  negated: number;
  rejected: {
    /** flagged as not conveying a clear sentiment (not reframed); per flag below */
    unclear: number;
    /** the same statement seen before */
    duplicate: number;
    /** over maxPerPolarity */
    overQuota: number;
    /** the model call failed (the error message is counted in errors) */
    reframeFailed: number;
    /** the original is not verbatim inside the reframed statement */
    notVerbatim: number;
    /** the model returned the original with nothing added */
    nothingAdded: number;
    /** the model returned nothing */
    empty: number;
  };
  /** clarity flags among unclear candidates (a candidate may raise several) */
  flags: Partial<Record<ClarityFlag, number>>;
  /** first few model errors */
  errors: string[];
  accepted: number;
}

export interface BuildOptions {
  /** keep statements flagged unclear (default false, as the paper's filtering step) */
  includeUnclear?: boolean;
  /** stop reframing a polarity after this many accepted records (the paper keeps 500 of each) */
  maxPerPolarity?: number;
  verbatimMode?: VerbatimMode;
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
}

/**
 * Builds a WildFrame-style dataset from corpus texts: extract candidate statements with the two
 * patterns, handle negation, drop statements without a clear sentiment, reframe each kept statement
 * with the opposite framing, and keep it only when the original survives verbatim. Every rejection
 * is counted by reason. Reframing calls run one at a time, in corpus order (so quotas are
 * deterministic).
 */
export async function buildWildframeDataset(
  texts: Iterable<{ id?: string; text: string } | string> | AsyncIterable<{ id?: string; text: string } | string>,
  model: LanguageModel,
  opts: BuildOptions = {},
): Promise<{ records: BuiltRecord[]; stats: BuildStats }> {
  const stats: BuildStats = {
    texts: 0,
    candidates: 0,
    byPolarity: { positive: 0, negative: 0 },
    negated: 0,
    rejected: { unclear: 0, duplicate: 0, overQuota: 0, reframeFailed: 0, notVerbatim: 0, nothingAdded: 0, empty: 0 },
    flags: {},
    errors: [],
    accepted: 0,
  };
  const records: BuiltRecord[] = [];
  const seen = new Set<string>();
  const kept = { positive: 0, negative: 0 };
  for await (const item of texts) {
    const { id, text } = typeof item === 'string' ? { id: undefined, text: item } : item;
    stats.texts += 1;
    const sourceId = id ?? deriveRecordId({ text }, ['text']);
    for (const c of extractCandidates(text)) {
      stats.candidates += 1;
      stats.byPolarity[c.polarity] += 1;
      const first = c.matches[0];
      if (!first) continue;
      if (first.negated) stats.negated += 1;
      if (!c.clear) {
        for (const f of c.flags) stats.flags[f] = (stats.flags[f] ?? 0) + 1;
        if (opts.includeUnclear !== true) {
          stats.rejected.unclear += 1;
          continue;
        }
      }
      const key = c.text.replace(/\s+/g, ' ').trim().toLowerCase();
      if (seen.has(key)) {
        stats.rejected.duplicate += 1;
        continue;
      }
      seen.add(key);
      if (opts.maxPerPolarity !== undefined && kept[c.polarity] >= opts.maxPerPolarity) {
        stats.rejected.overQuota += 1;
        continue;
      }
      let framed: string;
      let raw: string;
      try {
        ({ framed, raw } = await reframe(model, c.text, c.polarity, {
          ...(opts.signal ? { signal: opts.signal } : {}),
          ...(opts.temperature !== undefined ? { temperature: opts.temperature } : {}),
          ...(opts.maxTokens !== undefined ? { maxTokens: opts.maxTokens } : {}),
          ...(opts.verbatimMode ? { verbatimMode: opts.verbatimMode } : {}),
        }));
      } catch (err) {
        if (opts.signal?.aborted === true) throw err;
        stats.rejected.reframeFailed += 1;
        if (stats.errors.length < 5) stats.errors.push(err instanceof Error ? err.message : String(err));
        continue;
      }
      const check = verbatimCheck(c.text, framed, opts.verbatimMode);
      if (!check.ok) {
        if (check.reason === 'nothing-added') stats.rejected.nothingAdded += 1;
        else if (check.reason === 'empty') stats.rejected.empty += 1;
        else stats.rejected.notVerbatim += 1;
        continue;
      }
      kept[c.polarity] += 1;
      records.push({
        id: deriveRecordId({ base: c.text, framed }, ['base', 'framed']),
        base: c.text,
        baseSentiment: c.polarity,
        framed,
        sourceId,
        pattern: first.pattern,
        trigger: first.trigger,
        negated: first.negated,
        rawReframe: raw,
      });
    }
  }
  stats.accepted = records.length;
  return { records, stats };
}

/**
 * Corpus texts from a file (JSONL, CSV, ...) for `slant datasets wildframe --input corpus.jsonl`:
 * the `text` field (or the field mapped to it), ids from `id` or derived from content.
 */
export async function* readCorpusTexts(file: string, opts: { field?: string; limit?: number } = {}): AsyncGenerator<{ id: string; text: string }> {
  const reader = readRecords(file, {
    required: ['text'],
    ...(opts.field !== undefined ? { fields: { text: opts.field } } : {}),
    ...(opts.limit !== undefined ? { limit: opts.limit } : {}),
    duplicates: 'skip',
  });
  for await (const r of reader) yield { id: r.id, text: String(r.fields['text']) };
}
