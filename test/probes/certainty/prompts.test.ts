import { describe, it, expect } from 'vitest';
import { renderCertaintyTask, DECODING_PRESETS, CERTAINTY_TASKS } from '../../../src/tasks/certainty-prompts.js';

describe('certainty task prompts (Appendix C)', () => {
  it('sentence paraphrase: Figure 16 as the system prompt, the text as the user message', () => {
    const m = renderCertaintyTask('spiced-paraphrase', 'X may cause Y.');
    expect(m[0]).toEqual({ role: 'system', content: CERTAINTY_TASKS['spiced-paraphrase'].template });
    expect(m[1]).toEqual({ role: 'user', content: 'X may cause Y.' });
  });
  it('appends the cumulative C.2 interventions', () => {
    const m = renderCertaintyTask('spiced-news', 'X.', 'preserve-certainty');
    expect(m[0]!.content.endsWith('Preserve semantics of the original text. Do not hallucinate. Preserve the degree of certainty in the original text.')).toBe(true);
    expect(renderCertaintyTask('spiced-news', 'X.', 'do-not-hallucinate')[0]!.content.endsWith('Do not hallucinate.')).toBe(true);
  });
  it('fills {text}, {target_len} and {n_sentences}', () => {
    const abs = 'We study {braces}. It works well.';
    const m = renderCertaintyTask('abstract-paraphrase', abs);
    expect(m).toHaveLength(1);
    expect(m[0]!.content).toContain(`"""${abs}"""`);
    expect(m[0]!.content).toContain('around 6 words');
    expect(renderCertaintyTask('mimic-doc-paraphrase', 'Lungs clear. No effusion. Heart normal.')[0]!.content).toContain('no longer than 3 sentences');
  });
  it('decoding presets', () => {
    expect(DECODING_PRESETS['top-p']).toEqual({ temperature: 1, topP: 0.9, maxTokens: 3500 });
    expect(DECODING_PRESETS.greedy).toEqual({ temperature: 0, maxTokens: 3500 });
  });
});
