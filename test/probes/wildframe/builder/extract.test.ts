import { describe, expect, it } from 'vitest';
import { extractCandidates, matchPatterns } from '../../../../src/probes/wildframe/builder/extract.js';
import { verbForms } from '../../../../src/probes/wildframe/builder/inflect.js';
import { NEGATIVE_ADJECTIVES, POSITIVE_VERBS } from '../../../../src/probes/wildframe/builder/word-lists.js';

describe('word lists (seed 001, Appendix A)', () => {
  it('are kept as printed', () => {
    expect(POSITIVE_VERBS).toHaveLength(74);
    expect(POSITIVE_VERBS.slice(0, 3)).toEqual(['achieve', 'admire', 'affirm']);
    expect(NEGATIVE_ADJECTIVES).toContain('deppressing');
  });

  it('inflect verbs as SPIKE lemmas match them', () => {
    expect(verbForms('love')).toEqual(expect.arrayContaining(['love', 'loves', 'loved', 'loving']));
    expect(verbForms('win')).toEqual(expect.arrayContaining(['wins', 'won', 'winning']));
    expect(verbForms('worry')).toEqual(expect.arrayContaining(['worries', 'worried', 'worrying']));
    expect(verbForms('lose')).toEqual(expect.arrayContaining(['loses', 'lost', 'losing']));
    expect(verbForms('flourish')).toContain('flourishes');
  });
});

describe('pattern 1: a sentiment verb with a subject', () => {
  it('matches an inflected listed verb and takes its polarity', () => {
    const [m] = matchPatterns('I loved these headphones from day one.');
    expect(m).toMatchObject({ pattern: 'sentiment-verb', trigger: 'loved', lemma: 'love', polarity: 'positive', negated: false });
    expect(matchPatterns('The batteries lose their charge overnight.')[0]).toMatchObject({ lemma: 'lose', polarity: 'negative' });
  });

  it('does not take a noun use for the verb', () => {
    expect(matchPatterns('The love of my life is this blender.')).toEqual([]);
    expect(matchPatterns('Thanks for your support with the order.')).toEqual([]);
  });
});

describe('pattern 2: an event, a causes synonym, a sentiment adjective, a result', () => {
  it('matches with the adjective a few words after the cause verb', () => {
    const [m] = matchPatterns('This film provides a delightfully charming evening of entertainment.');
    expect(m).toMatchObject({ pattern: 'causes-adjective', trigger: 'charming', causeVerb: 'provides', polarity: 'positive' });
    expect(matchPatterns('Intermatic Provides Terrible Support!')[0]).toMatchObject({ trigger: 'Terrible', polarity: 'negative' });
    expect(matchPatterns('The leak created a horrible smell in the kitchen.')[0]).toMatchObject({ causeVerb: 'created', lemma: 'horrible' });
  });

  it('needs an event before and a result after', () => {
    expect(matchPatterns('Provides great support.')).toEqual([]); // "great support" is a noun phrase, not pattern 1
    expect(matchPatterns('The app creates bad.')).toEqual([]);
  });
});

describe('negation', () => {
  it('"we did not enjoy the show" is negative', () => {
    expect(matchPatterns('We did not enjoy the show.')[0]).toMatchObject({ lexiconPolarity: 'positive', negated: true, polarity: 'negative' });
  });

  it('handles contractions, tokenised reviews and negated adjectives', () => {
    expect(matchPatterns("I can't complain about the price.")[0]).toMatchObject({ negated: true, polarity: 'positive' });
    expect(matchPatterns('I ca n\'t complain about the price .')[0]).toMatchObject({ negated: true, polarity: 'positive' });
    expect(matchPatterns('The update does not produce good results.')[0]).toMatchObject({ pattern: 'causes-adjective', negated: true, polarity: 'negative' });
    expect(matchPatterns('The filter produces no bad taste at all.')[0]).toMatchObject({ negated: true, polarity: 'positive' });
  });

  it('stops at the clause, the window, "not only", and cancels double negation', () => {
    expect(matchPatterns('It is not cheap, but I love it.')[0]).toMatchObject({ negated: false, polarity: 'positive' });
    expect(matchPatterns('Not once in ten long years of heavy daily use did it fail.')[0]).toMatchObject({ negated: false });
    expect(matchPatterns('The author not only develops a great story.')[0]).toMatchObject({ negated: false, polarity: 'positive' });
    expect(matchPatterns("I never didn't enjoy it.")[0]).toMatchObject({ negated: false, polarity: 'positive' });
    // the "not" governs "sure" in another clause; "no doubt" does not negate
    expect(matchPatterns("I'm not sure what causes the bad taste in the water.")[0]).toMatchObject({ negated: false, polarity: 'negative' });
    expect(matchPatterns('It no doubt produces bad glare for traffic.')[0]).toMatchObject({ negated: false, polarity: 'negative' });
  });
});

describe('extractCandidates and clarity flags', () => {
  it('keeps one candidate per matching sentence, clear when nothing is flagged', () => {
    const c = extractCandidates('I love Clarks shoes, they last for years. The box was blue. We did not enjoy the show at all.');
    expect(c.map((x) => [x.sentenceIndex, x.polarity, x.clear])).toEqual([
      [0, 'positive', true],
      [2, 'negative', true],
    ]);
  });

  it('flags statements without a clear sentiment', () => {
    const flags = (s: string) => extractCandidates(s)[0]?.flags ?? [];
    expect(flags('With the great Maggie Smith in it, who can complain about this one?')).toContain('question');
    expect(flags('If you love mysteries you will like this book a lot.')).toContain('conditional');
    expect(flags('Depending on your taste you might hate this movie.')).toContain('hedged');
    expect(flags('I love the sound but the battery is terrible.')).toEqual(expect.arrayContaining(['contrast', 'opposite-words']));
    expect(flags('I love it')).toContain('length');
    expect(flags('I love these shoes and wear them every day.')).toEqual([]);
  });
});
