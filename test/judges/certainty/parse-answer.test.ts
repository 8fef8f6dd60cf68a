import { describe, it, expect } from 'vitest';
import { optionScore, parseCertaintyAnswer } from '../../../src/judges/certainty/parse-answer.js';

describe('parseCertaintyAnswer', () => {
  it('reads the final_answer tag and the explanation (Figure 24 format)', () => {
    const r = parseCertaintyAnswer('<explanation>A hedges with "may".</explanation>\n<final_answer>Clearly B</final_answer>');
    expect(r).toMatchObject({ score: 2, via: 'tag', reasoning: 'A hedges with "may".' });
  });
  it('uses the last tag when there are several', () => {
    expect(parseCertaintyAnswer('<final_answer>Clearly A</final_answer> wait <final_answer>Slightly A</final_answer>').score).toBe(-1);
  });
  it('reads structured output', () => {
    const r = parseCertaintyAnswer('{"explanation":"same","final_answer":"No Clear Difference"}');
    expect(r).toMatchObject({ score: 0, via: 'json', reasoning: 'same' });
  });
  it('accepts a bare option and tolerant spellings', () => {
    expect(parseCertaintyAnswer('Slightly B.').score).toBe(1);
    expect(optionScore('**Clearly Text A**')).toBe(-2);
    expect(optionScore('tie')).toBe(0);
  });
  it('does not guess from reasoning without an answer', () => {
    const r = parseCertaintyAnswer('Text A is clearly more certain, so Clearly A would fit.');
    expect(r.score).toBeNull();
    expect(r.via).toBe('none');
    expect(parseCertaintyAnswer('<final_answer>Text A</final_answer>').score).toBeNull();
  });
});
