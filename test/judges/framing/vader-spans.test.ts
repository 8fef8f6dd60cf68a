import { describe, expect, it } from 'vitest';
import { Vader, vader, wordsAndEmoticons } from '../../../src/judges/framing/vader.js';
import { pyIsUpper, pySplit } from '../../../src/judges/framing/py-text.js';
import { vaderLexicon } from '../../../src/judges/framing/vader-lexicon.js';
import { framingCorpus } from './framing-corpus.js';

/**
 * Vader.compoundsOfSpans (one rule pass over a text, values reused inside spans) gives
 * exactly rawScoresOfSpan's compound for every span and the whole text, on arbitrary spans (token
 * edges or not, empty, overlapping) of the fixed corpus, with both 'but' rules.
 */
describe('compoundsOfSpans equals rawScoresOfSpan span by span', () => {
  const texts = framingCorpus().filter((t) => t.length > 0);
  const capsy = texts.filter((_, i) => i % 5 === 0).map((t) => t.replace(/\b(\w)(\w*)\b/g, (m, a: string, b: string) => (b.length % 3 === 0 ? m.toUpperCase() : m)));
  for (const analyzer of [vader(), new Vader(vaderLexicon(), { butRule: 'positional' })]) {
    it(`on seeded spans (${analyzer === vader() ? 'vader-3.3.2' : 'positional'} 'but' rule)`, () => {
      let seed = 5;
      const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      let spansChecked = 0;
      for (const text of [...texts, ...capsy]) {
        const tok = analyzer.tokenize(text);
        const spans: { start: number; end: number }[] = [];
        // token-aligned spans of every length near the edges, and arbitrary character spans
        for (let k = 0; k < 6; k++) {
          const a = Math.floor(rand() * (tok.starts.length + 1));
          const b = a + Math.floor(rand() * 12);
          const start = tok.starts[a] ?? text.length;
          spans.push({ start, end: Math.max(start, tok.ends[Math.min(b, tok.ends.length) - 1] ?? text.length) });
          const x = Math.floor(rand() * text.length);
          spans.push({ start: x, end: Math.min(text.length, x + Math.floor(rand() * 200)) });
        }
        const r = analyzer.compoundsOfSpans(text, tok, spans);
        spans.forEach((s, k) => expect(r.spans[k], `${JSON.stringify(text)} [${s.start}, ${s.end})`).toBe(analyzer.rawScoresOfSpan(text, tok, s.start, s.end).compound));
        expect(r.whole, text).toBe(analyzer.rawScoresOfSpan(text, tok, 0, text.length).compound);
        spansChecked += spans.length;
      }
      expect(spansChecked).toBeGreaterThan(10_000);
    });
  }
  it('on every token-aligned window of texts whose idioms, negations and caps reach across window edges', () => {
    const texts = [
      'We had one kiss of death at the end and it was not good',
      'They say it is the bomb but NOT really GOOD, kind of bad, sort of great',
      'never so good, without doubt the best, no or nor terrible, at least good, very least bad',
      'It really does cut the mustard; yeah right, hand to mouth and bad ass',
    ];
    for (const analyzer of [vader(), new Vader(vaderLexicon(), { butRule: 'positional' })]) {
      for (const text of texts) {
        const tok = analyzer.tokenize(text);
        const spans: { start: number; end: number }[] = [];
        for (let a = 0; a < tok.starts.length; a++) for (let b = a + 1; b <= tok.starts.length; b++) spans.push({ start: tok.starts[a]!, end: tok.ends[b - 1]! });
        const r = analyzer.compoundsOfSpans(text, tok, spans);
        spans.forEach((s, k) => expect(r.spans[k], `${text} [${s.start}, ${s.end})`).toBe(analyzer.rawScoresOfSpan(text, tok, s.start, s.end).compound));
      }
    }
  });
});

/**
 * Vader.tokenize finds each piece's remembered lookups by its span in the text (SpanTable; issue
 * 16): the pieces, offsets and lookups must be those of pySplit and wordsAndEmoticons, also for
 * whitespace Python splits on and after the cache of pieces is cleared when full.
 */
describe('tokenize gives the pieces of pySplit with their lookups', () => {
  const check = (analyzer: Vader, text: string): void => {
    const tok = analyzer.tokenize(text);
    const pieces = pySplit(text);
    expect(tok.infos.map((i) => i.piece), text).toEqual(pieces);
    expect(Array.from(tok.starts, (s, i) => text.slice(s, tok.ends[i])), text).toEqual(pieces);
    const words = wordsAndEmoticons(text);
    expect(tok.lower, text).toEqual(words.map((w) => w.toLowerCase()));
    expect(tok.upper, text).toEqual(words.map(pyIsUpper));
    expect(tok.base, text).toEqual(words.map((w) => analyzer.lexicon.get(w.toLowerCase())));
  };
  const edges = ['', ' ', 'good', ' GOOD  bad\tugly\n', 'a\u00a0b\u2028c\u3000d\u1680e\u200bf\u0085g\u001ch', ':) :( !!! ...great!!! "Nice," he said', 'good good good GOOD Good'];

  it('on the corpus and on awkward whitespace', () => {
    const analyzer = new Vader(vaderLexicon());
    for (const text of [...framingCorpus(), ...edges]) check(analyzer, text);
  });

  it('after the cache of pieces was cleared when full', () => {
    const analyzer = new Vader(vaderLexicon());
    const known = 'This phone is GREAT, but the battery is terrible :(';
    check(analyzer, known);
    // more distinct pieces than the cache keeps (TOKEN_CACHE_SIZE = 50,000), then the known text again
    check(analyzer, Array.from({ length: 60_000 }, (_, i) => `w${i.toString(36)}`).join(' ') + ' great good');
    check(analyzer, known);
  });

  it('with its arrays reused from call to call: a long text, a short one, the long one again, one past the scratch limit', () => {
    const analyzer = new Vader(vaderLexicon());
    const long = framingCorpus().join('\n');
    const short = 'NOT bad at all!';
    const first = analyzer.tokenize(long);
    check(analyzer, short);
    const again = analyzer.tokenize(long);
    expect(again).toEqual(first);
    // the arrays handed out are the caller's own: a later call does not change them
    expect(again.infos).not.toBe(first.infos);
    expect(again.starts.length).toBe(pySplit(long).length);
    check(analyzer, Array.from({ length: 120_000 }, (_, i) => (i % 7 === 0 ? 'GOOD' : 'meh')).join(' '));
    check(analyzer, short);
    expect(analyzer.tokenize(long)).toEqual(first);
  });
});
