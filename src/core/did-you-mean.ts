/**
 * The known name a mistyped one most likely meant, for "did you mean …?" in error messages: the
 * closest by edit distance (case ignored), when it is close enough to be a typo (at most a third of
 * the longer name's letters differ, and at least one letter is shared), else undefined.
 */
export function didYouMean(name: string, known: readonly string[]): string | undefined {
  const a = name.toLowerCase();
  let best: { name: string; d: number } | undefined;
  for (const k of known) {
    const d = editDistance(a, k.toLowerCase());
    if (best === undefined || d < best.d) best = { name: k, d };
  }
  if (best === undefined) return undefined;
  const limit = Math.max(1, Math.floor(Math.max(a.length, best.name.length) / 3));
  return best.d <= limit && best.d < Math.max(a.length, best.name.length) ? best.name : undefined;
}

/** ` (did you mean "x"?)` or '' — ready to append to a message. */
export function didYouMeanText(name: string, known: readonly string[]): string {
  const like = didYouMean(name, known);
  return like === undefined ? '' : ` (did you mean "${like}"?)`;
}

/** Levenshtein distance between two strings (insert, delete, substitute each cost 1). */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}
