import { describe, it, expect } from 'vitest';
import { Vader, normalize, polarityScores, punctuationEmphasis, wordsAndEmoticons } from '../../../src/judges/framing/vader.js';
import { parseVaderLexicon, vaderLexicon } from '../../../src/judges/framing/vader-lexicon.js';

/**
 * Expected values: the README / `__main__` examples of vaderSentiment 3.3.2 (first block, as
 * printed by the Python package), plus cases cross-checked against a line-by-line transcription
 * of vaderSentiment.py 3.3.2 run on the 3.3.2 lexicon (22,449 review texts and sentences agreed
 * to all printed digits). The default lexicon here is npm vader-sentiment + the 3.3.2 patch,
 * which equals the 3.3.2 lexicon (scripts/compare-vader-lexicon.ts).
 */
describe('VADER 3.3.2 port: README examples', () => {
  const cases: [string, { neg: number; neu: number; pos: number; compound: number }][] = [
    ['VADER is smart, handsome, and funny.', { neg: 0.0, neu: 0.254, pos: 0.746, compound: 0.8316 }],
    ['VADER is smart, handsome, and funny!', { neg: 0.0, neu: 0.248, pos: 0.752, compound: 0.8439 }],
    ['VADER is very smart, handsome, and funny.', { neg: 0.0, neu: 0.299, pos: 0.701, compound: 0.8545 }],
    ['VADER is VERY SMART, handsome, and FUNNY.', { neg: 0.0, neu: 0.246, pos: 0.754, compound: 0.9227 }],
    ['VADER is VERY SMART, handsome, and FUNNY!!!', { neg: 0.0, neu: 0.233, pos: 0.767, compound: 0.9342 }],
    ['VADER is VERY SMART, uber handsome, and FRIGGIN FUNNY!!!', { neg: 0.0, neu: 0.294, pos: 0.706, compound: 0.9469 }],
    ['VADER is not smart, handsome, nor funny.', { neg: 0.646, neu: 0.354, pos: 0.0, compound: -0.7424 }],
    ['The book was good.', { neg: 0.0, neu: 0.508, pos: 0.492, compound: 0.4404 }],
    ["At least it isn't a horrible book.", { neg: 0.0, neu: 0.678, pos: 0.322, compound: 0.431 }],
    ['The book was only kind of good.', { neg: 0.0, neu: 0.697, pos: 0.303, compound: 0.3832 }],
    [
      'The plot was good, but the characters are uncompelling and the dialog is not great.',
      { neg: 0.327, neu: 0.579, pos: 0.094, compound: -0.7042 },
    ],
    ['Today SUX!', { neg: 0.779, neu: 0.221, pos: 0.0, compound: -0.5461 }],
    ["Today only kinda sux! But I'll get by, lol", { neg: 0.127, neu: 0.556, pos: 0.317, compound: 0.5249 }],
    ['Make sure you :) or :D today!', { neg: 0.0, neu: 0.294, pos: 0.706, compound: 0.8633 }],
    ['Not bad at all', { neg: 0.0, neu: 0.513, pos: 0.487, compound: 0.431 }],
  ];
  for (const [text, expected] of cases) {
    it(text, () => {
      expect(polarityScores(text)).toEqual(expected);
    });
  }
});

describe('VADER 3.3.2 port: rules', () => {
  const compound = (t: string) => polarityScores(t).compound;

  it('negation: "never", "not", n\'t, "no", "never so/this", "without doubt"', () => {
    expect(compound('Sentiment analysis has never been good.')).toBe(-0.3412);
    expect(compound('Sentiment analysis has never been this good!')).toBe(0.5672);
    expect(compound('no good')).toBe(-0.3412);
    expect(compound('There is no love here.')).toBe(-0.5216);
    expect(compound('I have no complaints and no problems')).toBe(0.5448);
    expect(compound('Without a doubt, excellent idea.')).toBe(0.7013);
    expect(compound('never so good')).toBe(0.5777);
    expect(compound('without doubt good')).toBe(0.6136);
  });

  it('"least": negates unless preceded by "at" or "very"', () => {
    expect(compound('Roger Dodger is one of the most compelling variations on this theme.')).toBe(0.2944);
    expect(compound('Roger Dodger is at least compelling as a variation on the theme.')).toBe(0.2263);
    expect(compound('Roger Dodger is one of the least compelling variations on this theme.')).toBe(-0.1695);
    expect(compound('This is the least useful gadget')).toBe(-0.3412);
  });

  it('boosters, dampeners and ALL CAPS emphasis (only when the text is mixed case)', () => {
    expect(compound('very good')).toBe(0.4927);
    expect(compound('VERY good')).toBe(0.6028);
    // all tokens upper case: no cap differential, so the same as "very good"
    expect(compound('VERY GOOD PRODUCT')).toBe(0.4927);
    expect(compound('sort of disappointing')).toBe(-0.4939);
    expect(compound('VERY poor production.')).toBe(-0.6281);
    expect(compound('VERY BAD movie!')).toBe(-0.7616);
    expect(compound('Unbelievably bad acting!!')).toBe(-0.6572);
  });

  it('special-case idioms', () => {
    expect(compound('Most automated sentiment analysis tools are shit.')).toBe(-0.5574);
    expect(compound('With VADER, sentiment analysis is the shit!')).toBe(0.6476);
    expect(compound('On the other hand, VADER is quite bad ass')).toBe(0.802);
    expect(compound('The kiss of death for the bus stop, yeah right.')).toBe(-0.4019);
  });

  it('"but": earlier clause x0.5, later clause x1.5', () => {
    expect(compound('The plot was good, but the characters are uncompelling and the dialog is not great.')).toBe(-0.7042);
    expect(compound('Its so much better, but not great, but fine')).toBe(-0.6416);
  });

  it('punctuation: "!" adds 0.292 each up to 4, "?" adds 0.18 each for 2-3 and 0.96 beyond', () => {
    expect(punctuationEmphasis('a!')).toBeCloseTo(0.292, 12);
    expect(punctuationEmphasis('a!!!!!!')).toBeCloseTo(4 * 0.292, 12);
    expect(punctuationEmphasis('a?')).toBe(0);
    expect(punctuationEmphasis('a??')).toBeCloseTo(0.36, 12);
    expect(punctuationEmphasis('a????')).toBeCloseTo(0.96, 12);
    expect(compound('Not great. Not terrible!!!!!')).toBe(-0.7658);
    expect(compound('Why did it break??? I hate it')).toBe(-0.6416);
  });

  it('empty or sentiment-free text scores zero everywhere', () => {
    expect(polarityScores('')).toEqual({ neg: 0, neu: 0, pos: 0, compound: 0 });
    expect(polarityScores('   \n ')).toEqual({ neg: 0, neu: 0, pos: 0, compound: 0 });
    expect(polarityScores('the table').compound).toBe(0);
  });

  it('tokenises like 3.3.2: punctuation stripped unless two characters or fewer remain', () => {
    expect(wordsAndEmoticons("Hello,  world!! :) it's \"ok\" ...")).toEqual(['Hello', 'world', ':)', "it's", '"ok"', '...']);
  });
});

describe('VADER on a hand-built lexicon (hand-computed numbers)', () => {
  const tiny = parseVaderLexicon('great\t3.0\t0.5\t[]\nfine\t1.5\ngood\t1.9\nbad\t-2.5\n');

  it('single word: compound = x / sqrt(x² + 15)', () => {
    // 1.9 / sqrt(3.61 + 15) = 1.9 / 4.313931 = 0.440434
    expect(new Vader(tiny).polarityScores('The book was good.').compound).toBe(0.4404);
    expect(normalize(1.9)).toBeCloseTo(0.44043357076016854, 15);
    // pos = (1.9+1)/((1.9+1)+3) = 0.4915 -> 0.492; neu = 3/5.9 = 0.5085 -> 0.508
    expect(new Vader(tiny).polarityScores('The book was good.')).toEqual({ neg: 0, neu: 0.508, pos: 0.492, compound: 0.4404 });
  });

  it('"!!" adds 2 x 0.292 to a positive sum: (1.9 + 0.584) / sqrt(2.484² + 15) = 0.5399', () => {
    expect(new Vader(tiny).polarityScores('good!!').compound).toBe(0.5399);
  });

  it('negation multiplies by -0.74: "It is not bad" -> 1.85 / sqrt(1.85² + 15) = 0.4310', () => {
    expect(new Vader(tiny).polarityScores('It is not bad').compound).toBe(0.431);
  });

  it('"but" in 3.3.2 rescales the FIRST token holding the visited value; positional mode does not', () => {
    // "great but fine": sentiments [3.0, 0, 1.5], 'but' at 1.
    // 3.3.2: visit 3.0 -> index 0 -> 1.5; visit 1.5 (token 2) -> index() finds token 0 (now 1.5)
    //        -> token 0 becomes 0.75 and token 2 keeps 1.5. Sum 2.25 -> 2.25/sqrt(2.25²+15) = 0.5023
    // positional: [1.5, 0, 2.25] -> 3.75/sqrt(3.75²+15) = 0.6956
    expect(new Vader(tiny).sentiments('great but fine')).toEqual([0.75, 0, 1.5]);
    expect(new Vader(tiny).polarityScores('great but fine').compound).toBe(0.5023);
    const positional = new Vader(tiny, { butRule: 'positional' });
    expect(positional.sentiments('great but fine')).toEqual([1.5, 0, 2.25]);
    expect(positional.polarityScores('great but fine').compound).toBe(0.6956);
  });

  it('a later duplicate in the lexicon file overrides an earlier one (like 3.3.2 make_lex_dict)', () => {
    expect(parseVaderLexicon('ok\t0.9\nok\t1.2\n').get('ok')).toBe(1.2);
  });

  it('rejects a malformed lexicon line, naming the line', () => {
    expect(() => parseVaderLexicon('good\t1.9\nbroken line\n', 'x.txt')).toThrow(/x\.txt, line 2/);
  });
});

describe('default lexicon', () => {
  it('carries the 3.3.2 values the npm file lacks', () => {
    const lex = vaderLexicon();
    expect(lex.get('badass')).toBe(1.4);
    expect(lex.get('flawed')).toBe(-2.1);
    expect(lex.get('heart')).toBe(3.2);
    expect(lex.get('hearts')).toBe(3.3);
    expect(lex.size).toBe(7506);
    expect(vaderLexicon()).toBe(lex); // loaded once
  });

  it('"VADER is such a badass!" uses the 3.3.2 value of "badass"', () => {
    expect(polarityScores('VADER is such a badass!').compound).toBe(0.4003);
  });
});
