/**
 * The verbatim check: the reframing prompts say "Don't change the original statement", so the
 * original must survive inside the reframed statement. Normalisation is explicit and small:
 *
 * - 'strict': Unicode NFKC, curly quotes and apostrophes to straight ones, runs of whitespace to
 *   one space, trimmed. Nothing else.
 * - 'detokenize' (default): 'strict' plus Penn-Treebank detokenisation, because corpora such as the
 *   Amazon reviews WildFrame drew from are stored tokenised ("ca n't", "it 's", "great !") while
 *   models write ordinary text: clitics and "n't" join their word ("ca n't" -> "can't", "wo n't" ->
 *   "won't"), no space before , . ! ? ; : % ) ] } or after ( [ { $.
 *
 * In both modes the original's sentence-final punctuation (. ! ? and trailing spaces) may be
 * dropped or replaced (a suffix "…juice, but…" replaces the final period), and the case of its
 * first letter may change (a prefix "Although…, the battery…" lowercases "The"). Every other
 * character must appear unchanged and contiguous. A reframing that only returns the original
 * (nothing added) fails as 'nothing-added'.
 *
 * On the release's reframing output (data_with_framing.csv, 4,326 framings) 'strict' accepts
 * 51.1% and 'detokenize' 83.4%; the rest changed the original (added "hopelessly", fixed typos,
 * rephrased), which the paper's prompt forbids.
 */
export type VerbatimMode = 'strict' | 'detokenize';

export interface VerbatimResult {
  ok: boolean;
  reason?: 'not-verbatim' | 'nothing-added' | 'empty';
  /** the normalised original as searched for */
  needle: string;
  /** where it was found in the normalised reframed text */
  at?: number;
}

export function normaliseStrict(s: string): string {
  return s
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201F\u2033]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

export function detokenize(s: string): string {
  return normaliseStrict(s)
    .replace(/ (n't|'s|'re|'ve|'ll|'d|'m)\b/gi, '$1')
    .replace(/ ([,.!?;:%)\]}])/g, '$1')
    .replace(/([([{$]) /g, '$1');
}

function stripFinal(s: string): string {
  return s.replace(/[\s.!?]+$/, '');
}

export function verbatimCheck(original: string, reframed: string, mode: VerbatimMode = 'detokenize'): VerbatimResult {
  const norm = mode === 'strict' ? normaliseStrict : detokenize;
  const needle = stripFinal(norm(original));
  const hay = norm(reframed);
  if (needle === '' || hay === '') return { ok: false, reason: 'empty', needle };
  let at = hay.indexOf(needle);
  if (at < 0) {
    const swapped = (needle[0] === needle[0]?.toUpperCase() ? needle[0]?.toLowerCase() : needle[0]?.toUpperCase()) + needle.slice(1);
    at = hay.indexOf(swapped);
  }
  if (at < 0) return { ok: false, reason: 'not-verbatim', needle };
  if (stripFinal(hay).length <= needle.length) return { ok: false, reason: 'nothing-added', needle, at };
  return { ok: true, needle, at };
}
