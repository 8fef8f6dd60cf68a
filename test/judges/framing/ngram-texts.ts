/**
 * Texts that exercise the n-gram tokeniser's edges (ngram-features.ts): negation scopes and
 * their ends at clause punctuation, apostrophes (straight and curly, before digits, doubled),
 * digits, non-ASCII letters and case, bigrams across clause boundaries. Used with framingCorpus()
 * by ngram-equivalence.test.ts; changing it means re-recording that test's fixture.
 */
export const NGRAM_EDGE_TEXTS = [
  "I don't like it, not good at all; never bad. Isn't it great? Wasn't it (not) fine",
  'Don’t buy. It’s great‘s fine — won‘t work, can’t, cannot, hardly, without any doubt',
  "it's2 good 3d printer's ''quoted'' rock'n'roll o'clock 'tis ab'9 x'y'z don't'",
  'İstanbul naïve CAFÉ Ærø straße ﬁne Ω ΣΊΣΥΦΟΣ no ÉLAN not Ünited',
  'NOT_good not_bad no no no good nothing works hardly ever, not.\nnot\ngood',
  'a,b.c!d?e;f:g(h)i\nj k',
  '',
  '   ',
  "n't n'ts isn't2 isn'tx ain't",
  'Great product!!! Broke after a week... refund? Never again: terrible, TERRIBLE service',
];
