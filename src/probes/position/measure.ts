/** Per-article measurement: segments, φ for gold and model summaries, and ROUGE. */
import { charsOf, stoppable, stoppableSync } from '../../core/stoppable.js';
import type { Embedder } from '../../judges/types.js';
import { createCachedStemmer } from '../../text/porter-stemmer.js';
import { idBigramCounts, maxOverTargets, prepareTarget, rougeAgainstPrepared, ROUGE_TYPES, stemTokens, TokenInterner, type PreparedTarget, type RougeScores } from '../../text/rouge.js';
import { readSentences, sentenced } from '../../text/sentence-tokens.js';
import { splitSentences } from '../../text/sentences.js';
import { placeSummary, type Placement } from './mapping.js';
import type { PositionOptions, PositionRecord } from './schema.js';
import { sentenceSegments } from './segments.js';
import { embeddingSimilarities, rouge1Similarities, tfidfSimilaritiesOfTerms, type SimilarityMatrix } from './similarity.js';

export interface OutputMeasurement extends Placement {
  /** ROUGE of the output against the gold summaries (max over references, or mean) */
  rouge: RougeScores;
}

export interface PositionMeasurement {
  /** sentences in the article */
  articleSentences: number;
  /** left out because N < K and shortArticleMode is 'exclude' (no counts then) */
  excluded: boolean;
  /** N < K */
  short: boolean;
  /** why the article was left out when it is over a work cap (maxSentencePairs, maxRougeWordPairs) */
  overCap?: string;
  /** ROUGE was not computed (over maxRougeWordPairs): the outputs' rouge fields are placeholders */
  rougeOverCap?: boolean;
  /** one placement per gold summary */
  references: Placement[];
  /** system name -> placement and ROUGE */
  outputs: Record<string, OutputMeasurement>;
}

export function toSentences(text: string | readonly string[]): string[] {
  return typeof text === 'string' ? splitSentences(text) : text.map((s) => s.trim()).filter((s) => s.length > 0);
}

const sharedStemmer = createCachedStemmer();

function rougeAgainst(refs: readonly PreparedTarget[], output: Int32Array, scratch: Int32Array, multi: PositionOptions['rougeMultiReference']): RougeScores {
  const bigrams = idBigramCounts(output);
  const per = refs.map((r) => rougeAgainstPrepared(r, output, bigrams, scratch));
  if (multi === 'max') return maxOverTargets(per);
  const out = {} as RougeScores;
  for (const t of ROUGE_TYPES) {
    const avg = (k: 'precision' | 'recall' | 'fmeasure'): number => per.reduce((a, s) => a + s[t][k], 0) / per.length;
    out[t] = { precision: avg('precision'), recall: avg('recall'), fmeasure: avg('fmeasure') };
  }
  return out;
}

const textChars = (t: string | readonly string[]): number => (typeof t === 'string' ? t.length : charsOf(t));

/** Placeholder scores of an output whose ROUGE was not computed (never aggregated: rougeOverCap). */
function noRouge(): RougeScores {
  const out = {} as RougeScores;
  for (const t of ROUGE_TYPES) out[t] = { precision: 0, recall: 0, fmeasure: 0 };
  return out;
}

export async function measurePosition(
  record: PositionRecord,
  options: PositionOptions,
  deps: { embedder?: Embedder; signal?: AbortSignal } = {},
): Promise<PositionMeasurement> {
  // the work below is synchronous and grows with the texts: on a long record a signal must end it
  const size = textChars(record.source) + record.references.reduce((n: number, r) => n + textChars(r), 0) + Object.values(record.outputs).reduce((n: number, o) => n + textChars(o), 0);
  // each text is split into sentences here and tokenised once below (sentence-tokens.ts), for
  // every instrument that reads it: the mapping's TF-IDF or ROUGE-1, and ROUGE
  const articleText = await stoppable(size, () => sentenced(record.source), deps.signal);
  const article = articleText.spans.map((s) => s.text);
  const N = article.length;
  const K = options.K;
  const segments = sentenceSegments(N, K, options.shortArticleMode);
  const stem = options.rougeStemmer ? sharedStemmer : undefined;
  const refTexts = record.references;
  const names = Object.keys(record.outputs);
  const outTexts = names.map((n) => record.outputs[n] as string | string[]);

  // the mapping compares every article sentence with every summary sentence, ROUGE-L aligns
  // every gold word with every output word: both grow with a product, so what is over its cap is
  // left out (the article counted in excludedArticles, with the reason) instead of stalling the run
  const summaryTexts = stoppableSync(size, () => [...refTexts, ...outTexts].map(sentenced));
  const summaries = summaryTexts.map((t) => t.spans.map((s) => s.text));
  const overCap: string[] = [];
  const sentencePairs = N * summaries.reduce((n, s) => n + s.length, 0);
  if (sentencePairs > options.maxSentencePairs) {
    overCap.push(`${N} article sentences × ${sentencePairs / N} summary sentences is over the cap of ${options.maxSentencePairs} sentence pairs (position option maxSentencePairs)`);
  }

  // what the mapping reads of the summaries is taken from the same tokenisation as ROUGE's tokens
  const mapping = segments !== null && overCap.length === 0;
  const want = { rouge: true, terms: mapping && options.mapper === 'tfidf', sentenceRouge: mapping && options.mapper === 'rouge1' };
  const read = stoppableSync(size, () => summaryTexts.map((t) => readSentences(t, want)));
  const interner = new TokenInterner();
  const stemmed = (tokens: string[] | undefined): string[] => (stem === undefined ? (tokens ?? []) : stemTokens(tokens ?? [], stem));
  const ids = read.map((r) => interner.intern(stemmed(r.rouge)));
  const refIds = ids.slice(0, refTexts.length);
  const outIds = ids.slice(refTexts.length);
  const outWords = outIds.reduce((n, o) => n + o.length, 0);
  const wordPairs = refIds.reduce((n, r) => n + r.length * outWords, 0);
  let rouge: RougeScores[];
  if (wordPairs > options.maxRougeWordPairs) {
    overCap.push(`${wordPairs} gold × output word pairs is over the cap of ${options.maxRougeWordPairs} for ROUGE-L (position option maxRougeWordPairs)`);
    rouge = outIds.map(() => noRouge());
  } else {
    const scratch = new Int32Array(interner.size);
    const refsPrepared = refIds.map(prepareTarget);
    rouge = stoppableSync(size, () => outIds.map((o) => rougeAgainst(refsPrepared, o, scratch, options.rougeMultiReference)));
  }

  const emptyPlacement = (sentences: number): Placement => ({ sentences, mapped: 0, dropped: 0, counts: new Array<number>(K).fill(0) });
  let placements: Placement[];
  if (segments === null || overCap.length > 0) {
    placements = summaries.map((s) => emptyPlacement(s.length));
  } else {
    let sims: SimilarityMatrix[];
    if (options.mapper === 'tfidf') {
      const terms = (r: { terms?: string[][] }): string[][] => r.terms ?? [];
      sims = stoppableSync(size, () => tfidfSimilaritiesOfTerms(terms(readSentences(articleText, { terms: true })), read.map(terms), options.tfidfFit));
    } else if (options.mapper === 'rouge1') {
      const tok = (r: { sentenceRouge?: string[][] }): string[][] => (r.sentenceRouge ?? []).map(stemmed);
      sims = stoppableSync(size, () => rouge1Similarities(tok(readSentences(articleText, { sentenceRouge: true })), read.map(tok)));
    } else {
      if (!deps.embedder) throw new Error('position probe with mapper "embedding" needs an embedder');
      sims = await embeddingSimilarities(deps.embedder, article, summaries, options.tfidfFit, deps.signal);
    }
    const mapped = sims;
    placements = stoppableSync(size, () => mapped.map((m) => placeSummary(m, segments, K, options.topK, options.uniqueTargets)));
  }
  const outputs: Record<string, OutputMeasurement> = {};
  names.forEach((name, i) => {
    outputs[name] = { ...(placements[refTexts.length + i] as Placement), rouge: rouge[i] as RougeScores };
  });
  const m: PositionMeasurement = {
    articleSentences: N,
    excluded: segments === null || overCap.length > 0,
    short: N < K,
    references: placements.slice(0, refTexts.length),
    outputs,
  };
  if (overCap.length > 0) m.overCap = overCap.join('; ');
  if (wordPairs > options.maxRougeWordPairs) m.rougeOverCap = true;
  return m;
}
