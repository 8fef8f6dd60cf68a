import { describe, expect, it } from 'vitest';
import { NO_CAPABILITIES, type GenerateRequest, type LanguageModel } from '../../src/models/types.js';
import {
  enforceSentenceCount,
  generatePositionSummary,
  PAPER_PROMPTS,
  parseSummaryItems,
  parseSummaryItemsReleased,
  positionPrompt,
  recordSeed,
  rolePlayMessages,
} from '../../src/tasks/position-prompts.js';

describe('Appendix F.3 prompts', () => {
  it('GPT-3.5 CNN/DM and XSum, verbatim', () => {
    expect(positionPrompt('dash', 3, 'ART')).toBe(
      'For the following article: ART. Return a summary comprising of 3 sentences. Write each sentence in a dash bulleted format.',
    );
    expect(PAPER_PROMPTS['gpt-3.5'].xsum.split('{{document}}').join('ART')).toBe(
      'For the following article: ART. Return a summary comprising of 1 sentence. Write the sentence in a dash bulleted format.',
    );
  });
  it('Llama-2 numbered with example, and Dolly', () => {
    expect(PAPER_PROMPTS['llama-2'].xsum.split('{{document}}').join('ART')).toBe(
      'For the following article: ART. Return a summary comprising of 1 sentence. Write the sentence in a numbered list format.\n\nFor example:\n\n1. First sentence',
    );
    expect(PAPER_PROMPTS['llama-2'].cnndm).toContain('comprising of 3 sentence. Write the sentence in a numbered list format. For example:\n\n1. First sentence\n\n2. Second sentence\n\n3. Third sentence');
    expect(PAPER_PROMPTS['dolly-v2'].cnndm.split('{{document}}').join('ART')).toBe('Generate a 3 sentence summary for the given article. Article: ART.');
  });
  it('role-play wraps the task prompt in a role-setting and role-feedback turn', () => {
    const m = rolePlayMessages('TASK');
    expect(m.map((x) => x.role)).toEqual(['user', 'assistant', 'user']);
    expect(m[2]?.content).toBe('TASK');
  });
});

describe('parsing bulleted answers', () => {
  it('keeps hyphens and decimals inside sentences (the released parser truncates)', () => {
    const answer = 'Here is a summary:\n- A well-known firm raised rates by 2.5 percent.\n- Shares fell 3.2% on Monday.\n- The CEO - who joined in 2020 - resigned.';
    const p = parseSummaryItems(answer);
    expect(p.sentences).toEqual([
      'A well-known firm raised rates by 2.5 percent.',
      'Shares fell 3.2% on Monday.',
      'The CEO - who joined in 2020 - resigned.',
    ]);
    expect(p.list).toBe(true);
    expect(p.ignoredLines).toEqual(['Here is a summary:']);
    // released: line.split('-')[-1].strip()
    expect(parseSummaryItemsReleased(answer)).toEqual(['Here is a summary:', 'known firm raised rates by 2.5 percent.', 'Shares fell 3.2% on Monday.', 'resigned.']);
  });
  it('numbered lists, continuation lines, and plain answers', () => {
    expect(parseSummaryItems('1. First point\n   continues here.\n2) Second point.\n\nHope this helps!').sentences).toEqual([
      'First point continues here.',
      'Second point.',
    ]);
    expect(parseSummaryItems('2.5 million people voted. Turnout rose.').sentences).toEqual(['2.5 million people voted.', 'Turnout rose.']);
  });
});

describe('enforcing the sentence count (F.3)', () => {
  it('samples n sentences uniformly with a seed, keeping document order', () => {
    const s = ['a', 'b', 'c', 'd', 'e'];
    const r1 = enforceSentenceCount(s, 2, 123);
    const r2 = enforceSentenceCount(s, 2, 123);
    expect(r1).toEqual(r2);
    expect(r1.sentences).toHaveLength(2);
    expect(r1.sampled).toBe(true);
    expect(s.indexOf(r1.sentences[0]!)).toBeLessThan(s.indexOf(r1.sentences[1]!));
    expect(enforceSentenceCount(['a'], 3, 1)).toEqual({ sentences: ['a'], written: 1, sampled: false });
  });
  it('is uniform: each of 4 sentences kept about half the time when n = 2', () => {
    const hits = [0, 0, 0, 0];
    for (let seed = 0; seed < 4000; seed++) for (const x of enforceSentenceCount(['0', '1', '2', '3'], 2, recordSeed(seed, 'r')).sentences) hits[Number(x)]!++;
    // expected 2000 each; sd = sqrt(4000 * 0.5 * 0.5) ≈ 32, allow ~5 sd
    for (const h of hits) expect(Math.abs(h - 2000)).toBeLessThan(160);
  });
});

describe('generatePositionSummary', () => {
  it('prompts with the preset, parses bullets and samples down to the requested count', async () => {
    const seen: GenerateRequest[] = [];
    const model: LanguageModel = {
      id: 'fake',
      version: '1',
      provider: 'test',
      capabilities: NO_CAPABILITIES,
      async generate(req) {
        seen.push(req);
        return { text: '- One.\n- Two.\n- Three.\n- Four.', warnings: [], cached: false };
      },
    };
    const g = await generatePositionSummary(model, 'The article.', { preset: { model: 'gpt-3.5', dataset: 'cnndm' }, seed: 1, recordId: 'x' });
    expect(seen[0]?.messages[0]?.content).toBe(
      'For the following article: The article.. Return a summary comprising of 3 sentences. Write each sentence in a dash bulleted format.',
    );
    expect(g.sentences).toHaveLength(3);
    expect(g.written).toBe(4);
    expect(g.sampled).toBe(true);
    expect(g.followedFormat).toBe(false);
    const again = await generatePositionSummary(model, 'The article.', { preset: { model: 'gpt-3.5', dataset: 'cnndm' }, seed: 1, recordId: 'x' });
    expect(again.sentences).toEqual(g.sentences);
  });
});
