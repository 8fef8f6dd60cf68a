/**
 * Constants and word lists of vaderSentiment.py 3.3.2 (C.J. Hutto, MIT licence), transcribed
 * verbatim. Hutto & Gilbert (2014), "VADER: A Parsimonious Rule-based Model for Sentiment
 * Analysis of Social Media Text", ICWSM-14.
 */

/** empirically derived mean sentiment intensity rating increase for booster words */
const B_INCR = 0.293;
const B_DECR = -0.293;
/** empirically derived mean sentiment intensity rating increase for ALL-CAPS emphasis */
export const C_INCR = 0.733;
export const N_SCALAR = -0.74;
/** normalisation constant of `normalize(score, alpha=15)` */
export const NORMALIZE_ALPHA = 15;

export const NEGATE: ReadonlySet<string> = new Set([
  'aint', 'arent', 'cannot', 'cant', 'couldnt', 'darent', 'didnt', 'doesnt',
  "ain't", "aren't", "can't", "couldn't", "daren't", "didn't", "doesn't",
  'dont', 'hadnt', 'hasnt', 'havent', 'isnt', 'mightnt', 'mustnt', 'neither',
  "don't", "hadn't", "hasn't", "haven't", "isn't", "mightn't", "mustn't",
  'neednt', "needn't", 'never', 'none', 'nope', 'nor', 'not', 'nothing', 'nowhere',
  'oughtnt', 'shant', 'shouldnt', 'uhuh', 'wasnt', 'werent',
  "oughtn't", "shan't", "shouldn't", 'uh-uh', "wasn't", "weren't",
  'without', 'wont', 'wouldnt', "won't", "wouldn't", 'rarely', 'seldom', 'despite',
]);

const INCR_WORDS = [
  'absolutely', 'amazingly', 'awfully', 'completely', 'considerable', 'considerably',
  'decidedly', 'deeply', 'effing', 'enormous', 'enormously', 'entirely', 'especially',
  'exceptional', 'exceptionally', 'extreme', 'extremely', 'fabulously', 'flipping', 'flippin',
  'frackin', 'fracking', 'fricking', 'frickin', 'frigging', 'friggin', 'fully', 'fuckin',
  'fucking', 'fuggin', 'fugging', 'greatly', 'hella', 'highly', 'hugely', 'incredible',
  'incredibly', 'intensely', 'major', 'majorly', 'more', 'most', 'particularly', 'purely',
  'quite', 'really', 'remarkably', 'so', 'substantially', 'thoroughly', 'total', 'totally',
  'tremendous', 'tremendously', 'uber', 'unbelievably', 'unusually', 'utter', 'utterly', 'very',
];
const DECR_WORDS = [
  'almost', 'barely', 'hardly', 'just enough', 'kind of', 'kinda', 'kindof', 'kind-of', 'less',
  'little', 'marginal', 'marginally', 'occasional', 'occasionally', 'partly', 'scarce',
  'scarcely', 'slight', 'slightly', 'somewhat', 'sort of', 'sorta', 'sortof', 'sort-of',
];

/** booster/dampener 'intensifiers' or 'degree adverbs' (BOOSTER_DICT) */
export const BOOSTER_DICT: ReadonlyMap<string, number> = new Map<string, number>([
  ...INCR_WORDS.map((w): [string, number] => [w, B_INCR]),
  ...DECR_WORDS.map((w): [string, number] => [w, B_DECR]),
]);

// VADER 3.3.2's sentiment-laden idioms without lexicon words are not ported: the check that uses
// them (`_sentiment_laden_idioms_check`) is marked "future work" and `polarity_scores` never calls it.

/** special-case idioms and phrases containing lexicon words (SPECIAL_CASES) */
export const SPECIAL_CASES: ReadonlyMap<string, number> = new Map([
  ['the shit', 3], ['the bomb', 3], ['bad ass', 1.5], ['badass', 1.5], ['bus stop', 0.0],
  ['yeah right', -2], ['kiss of death', -1.5], ['to die for', 3],
  ['beating heart', 3.1], ['broken heart', -2.9],
]);
