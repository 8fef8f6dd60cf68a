import { describe, expect, it } from 'vitest';
import { summarizeTask } from '../../src/tasks/summarize-task.js';
import { positionSummaryTask } from '../../src/tasks/position-summary-task.js';
import { certaintyRewriteTask } from '../../src/tasks/certainty-rewrite-task.js';
import { factCheckTask } from '../../src/tasks/fact-check-task.js';
import { wildframeSentimentTask } from '../../src/tasks/wildframe-sentiment-task.js';
import { SUMMARIZE_PRESETS } from '../../src/tasks/summarize.js';
import { PAPER_PROMPTS, renderTemplate } from '../../src/tasks/position-prompts.js';
import { renderCertaintyTask } from '../../src/tasks/certainty-prompts.js';
import { renderFactcheckPrompt } from '../../src/tasks/factcheck-prompts.js';
import { WILDFRAME_EVAL_PROMPTS, renderWildframeEvalPrompt } from '../../src/tasks/wildframe-prompts.js';

const defaults = { temperature: 0, maxTokens: 500, seed: 42 };

describe('tasks render the requests the probes sent before tasks were split out (baseline unchanged)', () => {
  it('summarize: the template with the document, A.2 decoding, the task hint; parse strips FINAL_SUMMARY scaffolding', () => {
    const req = summarizeTask.render({ id: 'r', fields: { source: 'Doc $& text.' } }, { template: SUMMARIZE_PRESETS['alessa-summarize']! }, defaults);
    expect(req).toEqual({
      messages: [{ role: 'user', content: 'Please summarize the following text: Doc $& text. FINAL_SUMMARY:' }],
      params: { temperature: 0, maxTokens: 500, seed: 42 },
      task: { kind: 'summarize', input: 'Doc $& text.', recordId: 'r' },
    });
    expect(summarizeTask.parse('Analysis... FINAL_SUMMARY: Short.', { id: 'r', fields: {} }, { template: '' }).fields).toEqual({ output: 'Short.' });
  });

  it('position-summary: Appendix F.3 prompt, list parsing and count enforcement', () => {
    const rec = { id: 'a1', fields: { source: 'Article text.' } };
    const o = { preset: { model: 'gpt-3.5' as const, dataset: 'cnndm' as const }, style: 'dash' as const, sentences: 1, rolePlay: false, seed: 42 };
    const req = positionSummaryTask.render(rec, o, defaults);
    expect(req.messages).toEqual([{ role: 'user', content: renderTemplate(PAPER_PROMPTS['gpt-3.5'].cnndm, 'Article text.') }]);
    const parsed = positionSummaryTask.parse('- One.\n- Two.\n- Three.\n- Four.', rec, o);
    expect((parsed.fields.output as string[]).length).toBe(3);
    expect(parsed.warnings[0]?.message).toMatch(/did not follow/);
  });

  it('certainty-rewrite, fact-check, wildframe-sentiment', () => {
    const c = certaintyRewriteTask.render({ id: 'c', fields: { original: 'X may work.' } }, { task: 'spiced-news', intervention: 'none', decoding: 'top-p' }, defaults);
    expect(c).toEqual({ messages: renderCertaintyTask('spiced-news', 'X may work.'), params: { temperature: 1, topP: 0.9, maxTokens: 3500, seed: 42 }, task: { kind: 'spiced-news', input: 'X may work.' } });
    const f = factCheckTask.render({ id: 'n#true', fields: { statement: 'S.', cutoff: '2023-03' } }, { strategy: 'baseline' }, defaults);
    // seed 000 A.2: greedy, 500 new tokens, a fixed seed
    expect(f).toEqual({ messages: renderFactcheckPrompt('baseline', 'S.', '2023-03'), params: { temperature: 0, maxTokens: 500, seed: 42 }, task: { kind: 'fact-check', input: 'S.', recordId: 'n#true' } });
    const w = wildframeSentimentTask.render({ id: 'w', fields: { sentence: 'Great, sadly.' } }, { prompt: 'paper', maxTokens: 20 }, defaults);
    expect(w).toEqual({ messages: renderWildframeEvalPrompt(WILDFRAME_EVAL_PROMPTS.paper, 'Great, sadly.'), params: { maxTokens: 20 }, task: { kind: 'classify-sentiment', input: 'Great, sadly.', recordId: 'w' } });
    expect(factCheckTask.parse(' True ', { id: 'x', fields: {} }, { strategy: 'baseline' }).fields).toEqual({ answer: ' True ' });
  });
});
