/** Per-article measurement: segments, φ for gold and model summaries, and ROUGE. */
import type { Embedder } from '../../judges/types.js';
import { createCachedStemmer } from '../../text/porter-stemmer.js';
import {
  idBigramCounts,
  maxOverTargets,
  prepareTarget,
  rougeAgainstPrepared,
  rougeTokenize,
  ROUGE_TYPES,
  TokenInterner,
  type PreparedTarget,
  type RougeScores,
} from '../../text/rouge.js';
import { splitSentences } from '../../text/sentences.js';
import { placeSummary, type Placement } from './mapping.js';
import type { PositionOptions, PositionRecord } from './schema.js';
import { sentenceSegments } from './segments.js';
import { embeddingSimilarities, rouge1Similarities, tfidfSimilarities, type SimilarityMatrix } from './similarity.js';

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
  /** one placement per gold summary */
  references: Placement[];
  /** system name -> placement and ROUGE */
  outputs: Record<string, OutputMeasurement>;
}

export function toSentences(text: string | readonly string[]): string[] {
  return typeof text === 'string' ? splitSentences(text) : text.map((s) => s.trim()).filter((s) => s.length > 0);
}

const joinText = (text: string | readonly string[]): string => (typeof text === 'string' ? text : text.join(' '));

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

export async function measurePosition(
  record: PositionRecord,
  options: PositionOptions,
  deps: { embedder?: Embedder; signal?: AbortSignal } = {},
): Promise<PositionMeasurement> {
  const article = toSentences(record.source);
  const N = article.length;
  const K = options.K;
  const segments = sentenceSegments(N, K, options.shortArticleMode);
  const stem = options.rougeStemmer ? sharedStemmer : undefined;
  const refTexts = record.references;
  const names = Object.keys(record.outputs);
  const outTexts = names.map((n) => record.outputs[n] as string | string[]);

  const interner = new TokenInterner();
  const refIds = refTexts.map((r) => interner.intern(rougeTokenize(joinText(r), stem)));
  const outIds = outTexts.map((o) => interner.intern(rougeTokenize(joinText(o), stem)));
  const scratch = new Int32Array(interner.size);
  const refsPrepared = refIds.map(prepareTarget);
  const rouge = outIds.map((o) => rougeAgainst(refsPrepared, o, scratch, options.rougeMultiReference));

  const emptyPlacement = (sentences: number): Placement => ({ sentences, mapped: 0, dropped: 0, counts: new Array<number>(K).fill(0) });
  const summaries = [...refTexts, ...outTexts].map(toSentences);
  let placements: Placement[];
  if (segments === null) {
    placements = summaries.map((s) => emptyPlacement(s.length));
  } else {
    let sims: SimilarityMatrix[];
    if (options.mapper === 'tfidf') sims = tfidfSimilarities(article, summaries, options.tfidfFit);
    else if (options.mapper === 'rouge1') {
      const tok = (s: string): string[] => rougeTokenize(s, stem);
      sims = rouge1Similarities(article.map(tok), summaries.map((s) => s.map(tok)));
    } else {
      if (!deps.embedder) throw new Error('position probe with mapper "embedding" needs an embedder');
      sims = await embeddingSimilarities(deps.embedder, article, summaries, options.tfidfFit, deps.signal);
    }
    placements = sims.map((m) => placeSummary(m, segments, K, options.topK, options.uniqueTargets));
  }
  const outputs: Record<string, OutputMeasurement> = {};
  names.forEach((name, i) => {
    outputs[name] = { ...(placements[refTexts.length + i] as Placement), rouge: rouge[i] as RougeScores };
  });
  return {
    articleSentences: N,
    excluded: segments === null,
    short: N < K,
    references: placements.slice(0, refTexts.length),
    outputs,
  };
}
