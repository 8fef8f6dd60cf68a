/**
 * The synthetic check of document-level claim alignment described in seed 004's Limitations:
 * N documents, one sentence sampled from each, five variants of it — clearly / slightly more
 * confident, slightly / clearly less confident, and a paraphrase (wording and structure only) —
 * each paired with the whole source document. The variant prompts are slant's own
 * (`slant-synth-variant-v1`; the paper does not print its). `validateDocumentJudge` runs a
 * comparator on the pairs and reports, per variant, how often the label points the expected way.
 */
import type { LanguageModel } from '../../models/types.js';
import { splitSentences } from '../../text/sentences.js';
import { createRng } from '../../stats/rng.js';
import type { CertaintyComparator } from './types.js';

export const SYNTH_VARIANT_PROMPT_ID = 'slant-synth-variant-v1';

export const VARIANTS = [
  { name: 'clearly-more', expected: 2, instruction: 'clearly MORE confidently than the original: remove every hedge and state it as an established fact' },
  { name: 'slightly-more', expected: 1, instruction: 'slightly MORE confidently than the original: weaken one hedge a little, keep the rest' },
  { name: 'paraphrase', expected: 0, instruction: 'with EXACTLY the same degree of certainty: change only the wording and sentence structure, keep every hedge and its strength' },
  { name: 'slightly-less', expected: -1, instruction: 'slightly LESS confidently than the original: add one mild hedge' },
  { name: 'clearly-less', expected: -2, instruction: 'clearly LESS confidently than the original: hedge it strongly, as a tentative possibility' },
] as const;
export type VariantName = (typeof VARIANTS)[number]['name'];

export interface SyntheticPair {
  id: string;
  /** the whole source document */
  original: string;
  /** the variant of one of its sentences */
  rewrite: string;
  sentence: string;
  variant: VariantName;
  /** the direction the variant was asked for (+ = rewrite more certain) */
  expected: number;
}

export async function buildSyntheticDocs(
  docs: readonly { id: string; text: string }[],
  model: LanguageModel,
  opts: { seed?: number; signal?: AbortSignal } = {},
): Promise<SyntheticPair[]> {
  const rng = createRng(opts.seed ?? 42);
  const out: SyntheticPair[] = [];
  for (const d of docs) {
    const sentences = splitSentences(d.text);
    if (sentences.length === 0) continue;
    const sentence = sentences[Math.floor(rng() * sentences.length)]!;
    for (const v of VARIANTS) {
      const res = await model.generate({
        messages: [
          { role: 'system', content: 'You rewrite one sentence of a scientific or medical text. Keep its finding, subject and numbers; change only what you are asked to change. Output the rewritten sentence only.' },
          { role: 'user', content: `Rewrite this sentence so that it states its finding ${v.instruction}.\n\nSentence: ${sentence}` },
        ],
        params: { temperature: 0 },
        task: { kind: 'certainty-synth-variant', input: sentence },
        ...(opts.signal ? { signal: opts.signal } : {}),
      });
      out.push({ id: `${d.id}:${v.name}`, original: d.text, rewrite: res.text.trim(), sentence, variant: v.name, expected: v.expected });
    }
  }
  return out;
}

export interface VariantValidation {
  variant: string;
  n: number;
  /** label has the expected sign (0 for the paraphrase) */
  direction: number;
  /** label equals the expected score */
  exact: number;
  dropped: number;
  inconsistent: number;
  invalid: number;
}

export async function validateDocumentJudge(pairs: readonly SyntheticPair[], comparator: CertaintyComparator, opts: { signal?: AbortSignal } = {}): Promise<{ perVariant: VariantValidation[]; labels: { id: string; label: unknown }[] }> {
  const rows = new Map<string, VariantValidation>();
  const labels: { id: string; label: unknown }[] = [];
  for (const p of pairs) {
    const j = await comparator.compare(p.original, p.rewrite, opts.signal ? { signal: opts.signal } : {});
    labels.push({ id: p.id, label: j.label });
    const r = rows.get(p.variant) ?? { variant: p.variant, n: 0, direction: 0, exact: 0, dropped: 0, inconsistent: 0, invalid: 0 };
    rows.set(p.variant, r);
    r.n++;
    if (j.label === 'dropped') r.dropped++;
    else if (j.label === 'inconsistent') r.inconsistent++;
    else if (j.label === 'invalid') r.invalid++;
    else {
      if (Math.sign(j.label) === Math.sign(p.expected)) r.direction++;
      if (j.label === p.expected) r.exact++;
    }
  }
  const order: string[] = VARIANTS.map((v) => v.name);
  return { perVariant: [...rows.values()].sort((a, b) => order.indexOf(a.variant) - order.indexOf(b.variant)), labels };
}
