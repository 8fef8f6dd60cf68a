/**
 * Antonym pairs for the offline negator's fallback (a claim with no verb to negate, e.g. a headline
 * fragment) and for the negation check. Hand-picked for news text: each pair reverses the claim when
 * swapped. Both directions are used.
 */
const PAIRS: readonly (readonly [string, string])[] = [
  ['increase', 'decrease'],
  ['increases', 'decreases'],
  ['increased', 'decreased'],
  ['rise', 'fall'],
  ['rises', 'falls'],
  ['rose', 'fell'],
  ['win', 'lose'],
  ['wins', 'loses'],
  ['won', 'lost'],
  ['victory', 'defeat'],
  ['accept', 'reject'],
  ['accepts', 'rejects'],
  ['accepted', 'rejected'],
  ['approve', 'reject'],
  ['approves', 'rejects'],
  ['approved', 'rejected'],
  ['pass', 'fail'],
  ['passes', 'fails'],
  ['passed', 'failed'],
  ['open', 'close'],
  ['opens', 'closes'],
  ['opened', 'closed'],
  ['start', 'end'],
  ['starts', 'ends'],
  ['started', 'ended'],
  ['begin', 'end'],
  ['begins', 'ends'],
  ['allow', 'ban'],
  ['allows', 'bans'],
  ['allowed', 'banned'],
  ['support', 'oppose'],
  ['supports', 'opposes'],
  ['supported', 'opposed'],
  ['join', 'leave'],
  ['joins', 'leaves'],
  ['joined', 'left'],
  ['arrest', 'release'],
  ['arrests', 'releases'],
  ['arrested', 'released'],
  ['higher', 'lower'],
  ['more', 'fewer'],
  ['most', 'fewest'],
  ['largest', 'smallest'],
  ['large', 'small'],
  ['big', 'small'],
  ['long', 'short'],
  ['longer', 'shorter'],
  ['fast', 'slow'],
  ['slow', 'fast'],
  ['early', 'late'],
  ['earlier', 'later'],
  ['first', 'last'],
  ['before', 'after'],
  ['above', 'below'],
  ['positive', 'negative'],
  ['legal', 'illegal'],
  ['public', 'private'],
  ['true', 'false'],
  ['success', 'failure'],
  ['successful', 'unsuccessful'],
  ['strong', 'weak'],
  ['good', 'bad'],
  ['best', 'worst'],
  ['better', 'worse'],
  ['great', 'poor'],
  ['easy', 'difficult'],
  ['cheap', 'expensive'],
  ['safe', 'dangerous'],
  ['alive', 'dead'],
  ['guilty', 'innocent'],
  ['always', 'never'],
  ['all', 'none'],
  ['everyone', 'no one'],
  ['add', 'remove'],
  ['adds', 'removes'],
  ['added', 'removed'],
  ['gain', 'loss'],
  ['gains', 'losses'],
  ['profit', 'loss'],
  ['peace', 'war'],
  ['resign', 'stay'],
  ['resigns', 'stays'],
  ['resigned', 'stayed'],
  ['upgrade', 'downgrade'],
  ['upgraded', 'downgraded'],
  ['lift', 'impose'],
  ['lifts', 'imposes'],
  ['lifted', 'imposed'],
];

/** word (lower case) -> its antonym; the first pair listed wins for words in several pairs */
export const ANTONYMS: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>();
  for (const [a, b] of PAIRS) {
    if (!m.has(a)) m.set(a, b);
    if (!m.has(b)) m.set(b, a);
  }
  return m;
})();

/** true when a and b (lower case) form an antonym pair in either direction */
export function areAntonyms(a: string, b: string): boolean {
  return PAIRS.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}
