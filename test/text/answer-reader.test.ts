import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAnswer, readStatedText, type QuestionName } from '../../src/text/answer-reader.js';

/** Answer styles written from what chat models produce, each with the label it states or unreadable. */
interface Style {
  answer: string;
  note: string;
  label?: string;
  text?: string;
  unreadable?: true;
}
const DIR = join(import.meta.dirname, '..', 'fixtures', 'answer-styles');
const corpus = (name: string): Style[] => (JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8')) as { styles: Style[] }).styles;

describe('the answer reader on the style corpus', () => {
  it('holds at least 40 styles per question type', () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));
    expect(files.sort()).toEqual(['certainty.json', 'confidence.json', 'final-summary.json', 'framing.json', 'sentiment.json', 'verdict.json']);
    for (const f of files) expect(corpus(f.replace(/\.json$/, '')).length, f).toBeGreaterThanOrEqual(40);
  });

  for (const q of ['framing', 'sentiment', 'certainty', 'verdict', 'confidence'] as QuestionName[]) {
    it(`${q}: reads the label each answer states, and nothing from an answer that states none`, () => {
      for (const s of corpus(q)) {
        const r = readAnswer(s.answer, q);
        const got = 'label' in r ? r.label : 'unreadable';
        expect(got, `${s.note}: ${JSON.stringify(s.answer)} (${'unreadable' in r ? r.unreadable : r.via})`).toBe(s.unreadable ? 'unreadable' : s.label);
        if ('unreadable' in r) expect(r.unreadable.length).toBeGreaterThan(0);
      }
    });
  }

  it('FINAL_SUMMARY: reads the text after the last marker, unreadable without one', () => {
    for (const s of corpus('final-summary')) {
      const r = readStatedText(s.answer, { marker: 'FINAL_SUMMARY:' });
      const got = 'text' in r ? r.text : 'unreadable';
      expect(got, `${s.note}: ${JSON.stringify(s.answer)}`).toBe(s.unreadable ? 'unreadable' : s.text);
    }
  });

  it('says why an answer is unreadable', () => {
    expect(readAnswer('', 'framing')).toEqual({ unreadable: 'empty answer' });
    expect(readAnswer('Positive or negative.', 'framing')).toEqual({ unreadable: 'hedges between positive and negative (first line)' });
    expect(readAnswer('Mixed', 'framing')).toEqual({ unreadable: 'states none of positive, negative, neutral' });
    expect(readAnswer('{"sentiment": "sad"}', 'sentiment')).toEqual({ unreadable: 'JSON "sentiment" is "sad", not one of positive, negative, neutral, mixed' });
    expect(readAnswer('The text starts positive and ends negative.', 'framing')).toEqual({ unreadable: 'names positive, negative but states none of them' });
    expect(readAnswer('<think>hmm', 'verdict')).toEqual({ unreadable: 'only reasoning: the reasoning block never closed' });
  });

  it('reads tagged quotes (claim alignment)', () => {
    const a = 'The main finding is the first sentence.\n<source_claim>The drug reduces pain.</source_claim>\n<output_claim>NONE</output_claim>';
    expect(readStatedText(a, { tag: 'source_claim' })).toEqual({ text: 'The drug reduces pain.', via: 'tag' });
    expect(readStatedText(a, { tag: 'output_claim' })).toEqual({ text: 'NONE', via: 'tag' });
    expect(readStatedText('{"source_claim": "A.", "output_claim": "B."}', { tag: 'output_claim' })).toEqual({ text: 'B.', via: 'json' });
    expect(readStatedText('Source: A. Rewrite: B.', { tag: 'output_claim' })).toEqual({ unreadable: 'no <output_claim>' });
    expect(readStatedText('<output_claim> </output_claim>', { tag: 'output_claim' })).toEqual({ unreadable: '<output_claim> is empty' });
  });
});
