/**
 * TF-IDF coverage of the beginning, middle and end of a source by a generated text (Table A5,
 * Forced Balanced Coverage: "we measure coverage of the beginning, middle, and end sections via
 * TF-IDF"; also the "chunk imbalance" of Rejection Sampling).
 *
 * The source is cut into thirds (src/text/thirds.ts, words), a TF-IDF vectorizer (scikit-learn
 * defaults) is fitted on the three thirds, and s_k = cosine(tfidf(text), tfidf(third k)). Each
 * source term belongs to the third where its TF-IDF weight is highest (ties: to none), which gives
 * the "tokens of a section" that decoding can boost.
 */
import { cosineSparse, splitIntoThirds, TfidfVectorizer, type SparseVector, type ThirdsUnit } from '../../text/index.js';

export type Section = 'beginning' | 'middle' | 'end';
export const SECTIONS: readonly Section[] = ['beginning', 'middle', 'end'];

export type Coverage = [number, number, number];

export class SectionCoverage {
  private readonly vectorizer = new TfidfVectorizer();
  private readonly sections: SparseVector[];
  /** source terms of each section (the section where the term weighs most) */
  readonly terms: [string[], string[], string[]];

  constructor(source: string, unit: ThirdsUnit = 'words') {
    const thirds = splitIntoThirds(source, { unit });
    this.sections = this.vectorizer.fitTransform(thirds);
    const vocab = this.vectorizer.vocabulary();
    const weight = this.sections.map((v) => {
      const m = new Map<number, number>();
      v.indices.forEach((j, p) => m.set(j, v.values[p] as number));
      return m;
    });
    this.terms = [[], [], []];
    vocab.forEach((term, j) => {
      const w = weight.map((m) => m.get(j) ?? 0);
      const best = Math.max(...w);
      const at = w.indexOf(best);
      if (best > 0 && w.lastIndexOf(best) === at) this.terms[at]?.push(term);
    });
  }

  /** s_b, s_m, s_e of `text` (0 for a text with no source term) */
  of(text: string): Coverage {
    const [v] = this.vectorizer.transform([text]);
    return this.sections.map((s) => (v === undefined || v.indices.length === 0 ? 0 : cosineSparse(v, s))) as Coverage;
  }
}

/** |s_b − s_e|, the quantity Forced Balanced Coverage drives to ≤ threshold. */
export const beginEndGap = (c: Coverage): number => Math.abs(c[0] - c[2]);

/** max − min of the three coverages: the chunk imbalance of Rejection Sampling (default). */
export const coverageRange = (c: Coverage): number => Math.max(...c) - Math.min(...c);
