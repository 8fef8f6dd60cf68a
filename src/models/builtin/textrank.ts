/**
 * TextRank extractive summarizer (Mihalcea & Tarau 2004, §4 sentence extraction).
 *
 * Sentences are graph nodes; the edge weight between two sentences is the cosine of their
 * TF-IDF vectors (scikit-learn default TfidfVectorizer fitted on the document's sentences).
 * We use TF-IDF cosine rather than the paper's word overlap |Si ∩ Sj| / (log|Si| + log|Sj|)
 * because the overlap counts function words ("the", "of") as much as content words unless a
 * stop list or part-of-speech filter is added, and is undefined for one-word sentence pairs;
 * TF-IDF weighs common words down with no language-specific list (the variant used by many
 * TextRank implementations). Scores are weighted PageRank (d = 0.85, tol 1e-6, at most 100
 * iterations); the top k sentences are returned in document order. Ties (scores within 1e-12)
 * go to the earlier sentence.
 */
import { splitSentences } from '../../text/sentences.js';
import { TfidfVectorizer } from '../../text/tfidf.js';
import { cosineSparse } from '../../text/vector.js';
import { NO_CAPABILITIES, type Capabilities, type GenerateRequest, type GenerateResult, type LanguageModel } from '../types.js';
import { readTask, result } from './common.js';
import { pageRank, type PageRankResult } from './pagerank.js';

export interface TextRankResult {
  sentences: string[];
  /** PageRank score per sentence (sum 1) */
  scores: Float64Array;
  /** indices of the chosen sentences, in document order */
  selected: number[];
  pageRank: Omit<PageRankResult, 'scores'>;
}

const TIE_EPS = 1e-12;

/** Rank the sentences of `text` and pick the top `k` (in document order). */
export function textRank(text: string, k: number): TextRankResult {
  const sentences = splitSentences(text);
  const n = sentences.length;
  const vecs = new TfidfVectorizer().fitTransform(sentences);
  const w = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const c = cosineSparse(vecs[i]!, vecs[j]!);
      w[i * n + j] = c;
      w[j * n + i] = c;
    }
  }
  const pr = pageRank(w, n, { damping: 0.85, tol: 1e-6, maxIter: 100 });
  const scores = pr.scores;
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => {
    const diff = (scores[b] as number) - (scores[a] as number);
    return Math.abs(diff) <= TIE_EPS ? a - b : diff;
  });
  const selected = order.slice(0, Math.min(k, n)).sort((a, b) => a - b);
  return { sentences, scores, selected, pageRank: { iterations: pr.iterations, converged: pr.converged } };
}

/** Top-k TextRank summary of `text`: chosen sentences in document order, joined by spaces. */
export function textRankSummary(text: string, k: number): string {
  const r = textRank(text, k);
  return r.selected.map((i) => r.sentences[i]).join(' ');
}

export class TextRankModel implements LanguageModel {
  readonly provider = 'builtin';
  readonly version = '1';
  readonly capabilities: Capabilities = NO_CAPABILITIES;
  readonly id: string;

  constructor(readonly k = 3) {
    if (!Number.isInteger(k) || k < 1) throw new RangeError(`textrank needs a positive integer k, got ${k}`);
    this.id = k === 3 ? 'builtin:textrank' : `builtin:textrank-${k}`;
  }

  async generate(req: GenerateRequest): Promise<GenerateResult> {
    const { input, warnings } = readTask(this.id, req);
    return result(textRankSummary(input, this.k), warnings);
  }
}
