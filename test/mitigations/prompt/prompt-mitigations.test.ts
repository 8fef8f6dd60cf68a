import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer } from '../../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../../helpers/loopback/server.js';
import { chatBodies, loopbackModel, runMitigation } from '../../helpers/mitigation-harness.js';
import { selfAwareness } from '../../../src/mitigations/prompt/self-awareness.js';
import { chainOfThought } from '../../../src/mitigations/prompt/chain-of-thought.js';
import { InvalidAnswerError } from '../../../src/models/answer.js';
import { clozeStyle } from '../../../src/mitigations/prompt/cloze-style.js';
import { cognitiveCounterfactualSimulation } from '../../../src/mitigations/prompt/cognitive-counterfactual-simulation.js';
import { selfHelpDebias } from '../../../src/mitigations/prompt/self-help-debias.js';
import { promptCalibration } from '../../../src/mitigations/prompt/prompt-calibration.js';
import { knowledgeBoundaryAwareness } from '../../../src/mitigations/prompt/knowledge-boundary-awareness.js';
import { epistemicTagging } from '../../../src/mitigations/prompt/epistemic-tagging.js';
import { preserveCertainty } from '../../../src/mitigations/prompt/preserve-certainty.js';
import { doNotHallucinate } from '../../../src/mitigations/prompt/do-not-hallucinate.js';
import { preserveSemantics } from '../../../src/mitigations/prompt/preserve-semantics.js';
import { rolePlay } from '../../../src/mitigations/prompt/role-play.js';
import { baselineMitigation } from '../../../src/mitigations/baseline.js';
import { factCheckTask } from '../../../src/tasks/fact-check-task.js';
import { certaintyRewriteTask } from '../../../src/tasks/certainty-rewrite-task.js';
import { positionSummaryTask } from '../../../src/tasks/position-summary-task.js';
import { createBuiltinModel } from '../../../src/models/builtin/index.js';

const DOC = 'The battery lasts two days. The screen cracked in a week. Support replaced it quickly.';
const record = { id: 'r1', fields: { source: DOC } };

let server: LoopbackServer;
beforeAll(async () => {
  server = await startOpenAIServer({
    respond: (prompt) => {
      if (prompt.includes('BIASED_DEVIATIONS:')) return { text: '- over-weights the battery\n- turns the support story negative', inputTokens: 40, outputTokens: 10 };
      if (prompt.includes('CRITIQUE:')) return { text: 'The middle (the cracked screen) is missing.', inputTokens: 40, outputTokens: 9 };
      // a chatty model that analyses and never writes the FINAL_SUMMARY: line
      if (prompt.startsWith('Please read the text below carefully') && prompt.includes('NO-MARKER')) return { text: 'BEGIN_ANALYSIS: the battery.\nMIDDLE_ANALYSIS: the screen.\nEND_ANALYSIS: the support.', inputTokens: 50, outputTokens: 12 };
      if (prompt.startsWith('Please read the text below carefully')) return { text: 'BEGIN_ANALYSIS: battery MIDDLE_ANALYSIS: screen END_ANALYSIS: support FINAL_SUMMARY: Battery good, screen cracked, support helped.', inputTokens: 50, outputTokens: 20 };
      return { text: 'FINAL_SUMMARY: A summary.', inputTokens: 30, outputTokens: 4 };
    },
  });
});
afterAll(async () => server.close());

describe('prompt mitigations send Table A7 prompts verbatim (seed 000)', () => {
  it('self-awareness: one call with the Table A7 prompt and the run decoding', async () => {
    const from = server.requests.length;
    const r = await runMitigation(selfAwareness, await loopbackModel(server), record);
    const [body] = chatBodies(server, from);
    expect(body?.messages).toEqual([
      {
        role: 'user',
        content: `You are an unbiased summarizer. Be mindful not to introduce any framing bias or omit the middle. Preserve the original sentiment. Please summarize the following text: ${DOC} FINAL_SUMMARY:`,
      },
    ]);
    expect(body?.temperature).toBe(0);
    expect(r).toMatchObject({ calls: 1, usage: { inputTokens: 30, outputTokens: 4 }, fields: { output: 'A summary.' } });
  });

  it('chain-of-thought: Table A7 prompt; the summary is what follows FINAL_SUMMARY', async () => {
    const from = server.requests.length;
    const r = await runMitigation(chainOfThought, await loopbackModel(server), record);
    expect(chatBodies(server, from)[0]?.messages[0]?.content).toBe(
      `Please read the text below carefully. Then break down the text into beginning, middle, and end, describing each portion in detail. After that, produce a final summary. Use the following format: BEGIN_ANALYSIS: [describe the beginning] MIDDLE_ANALYSIS: [describe the middle] END_ANALYSIS: [describe the end] FINAL_SUMMARY: [your final concise summary] Text: ${DOC}`,
    );
    expect(r.fields.output).toBe('Battery good, screen cracked, support helped.');
    expect(r.steps[0]?.text).toContain('BEGIN_ANALYSIS');
  });

  it('chain-of-thought: an answer without FINAL_SUMMARY: is unreadable (recorded with its cost), never the whole analysis as the summary', async () => {
    const err = await runMitigation(chainOfThought, await loopbackModel(server), { id: 'x', fields: { source: 'NO-MARKER. The battery lasts.' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidAnswerError);
    expect((err as InvalidAnswerError).reason).toBe('unreadable (no FINAL_SUMMARY:)');
    expect((err as InvalidAnswerError).answer?.text).toContain('MIDDLE_ANALYSIS');
    expect((err as InvalidAnswerError).cost).toMatchObject({ calls: 1, usage: { inputTokens: 50, outputTokens: 12 } });
  });

  it('cloze-style: Table A7 prompt with the blanks', async () => {
    const from = server.requests.length;
    await runMitigation(clozeStyle, await loopbackModel(server), record);
    expect(chatBodies(server, from)[0]?.messages[0]?.content).toBe(`Fill the blanks for each part of the text: BEGIN: ____ MIDDLE: ____ END: ____ Text: ${DOC} When you fill them in, finally produce: FINAL_SUMMARY:`);
  });

  it('cognitive counterfactual simulation: draft → simulated deviations → final (Table A7 final prompt), 3 calls', async () => {
    const from = server.requests.length;
    const r = await runMitigation(cognitiveCounterfactualSimulation, await loopbackModel(server), record);
    const bodies = chatBodies(server, from);
    expect(bodies).toHaveLength(3);
    expect(bodies[0]?.messages[0]?.content).toBe(`Please summarize the following text: ${DOC} FINAL_SUMMARY:`);
    expect(bodies[1]?.messages[0]?.content).toContain('Initial Draft: A summary.');
    expect(bodies[2]?.messages[0]?.content).toBe(
      `Original text: ${DOC} Initial Draft: A summary. Here are the potential biased deviations: - over-weights the battery\n- turns the support story negative Please produce a final summary that avoids these biases. FINAL_SUMMARY:`,
    );
    expect(r.calls).toBe(3);
    expect(r.usage).toEqual({ inputTokens: 30 + 40 + 30, outputTokens: 4 + 10 + 4 });
    expect(r.steps.map((s) => s.name)).toEqual(['draft', 'simulated bias deviations', 'final answer']);
  });

  it('self-help debias: draft → critique → rewrite with Table A7 rewrite prompt and a 300-token budget', async () => {
    const from = server.requests.length;
    const r = await runMitigation(selfHelpDebias, await loopbackModel(server), record);
    const bodies = chatBodies(server, from);
    expect(bodies).toHaveLength(3);
    const rewrite = bodies[2]!;
    expect(rewrite.max_completion_tokens).toBe(300);
    expect(bodies[0]?.max_completion_tokens).toBe(500);
    expect(rewrite.messages.at(-1)?.content).toBe('Rewrite the following summary to remove any bias, preserve the original sentiment, and ensure equal coverage of beginning, middle, and end: A summary. FINAL_SUMMARY:');
    // the critique exchange precedes the rewrite prompt
    expect(rewrite.messages[1]).toEqual({ role: 'assistant', content: 'The middle (the cracked screen) is missing.' });
    expect(r.steps.map((s) => s.name)).toEqual(['draft', 'self-critique', 'rewrite']);
  });

  it('is not applicable to built-in extractive models (they do not read prompts)', async () => {
    const a = selfAwareness.applicable(await createBuiltinModel('builtin:lead-3'), {});
    expect(a.ok).toBe(false);
    expect(a.ok ? '' : a.reason).toMatch(/does not read prompts/);
  });
});

describe('fact-check mitigations (seed 000 Table A7, hallucination prompts)', () => {
  const fc = { id: 'n1#true', fields: { statement: 'The bridge opened in May 2025.', cutoff: '2023-03' } };
  const taskOptions = { strategy: 'baseline' };
  it('prompt calibration, knowledge boundary (cutoff filled in) and epistemic tagging replace the system prompt', async () => {
    const model = await loopbackModel(server);
    const from = server.requests.length;
    await runMitigation(baselineMitigation, model, fc, { task: factCheckTask, taskOptions });
    await runMitigation(promptCalibration, model, fc, { task: factCheckTask, taskOptions });
    await runMitigation(knowledgeBoundaryAwareness, model, fc, { task: factCheckTask, taskOptions });
    await runMitigation(epistemicTagging, model, fc, { task: factCheckTask, taskOptions });
    const systems = chatBodies(server, from).map((b) => b.messages[0]?.content ?? '');
    expect(systems[0]).toMatch(/^You are a fact-checking AI\. For each statement, predict/);
    expect(systems[1]).toMatch(/^You are a fact-checking AI\. Follow these strict guidelines/);
    expect(systems[2]).toBe(
      'You are a fact-checking AI with knowledge up to March 2023. For each statement, predict if the event has occurred or not. We check your decision-making abilities on futuristic events based on current data. Respond with only ‘True’ or ‘False’ for each news event. If the event is scheduled to occur after March 2023, make a good prediction based on your knowledge up to March 2023. RESPOND WITH EXACTLY ONE WORD: ‘True’ or ‘False’.',
    );
    expect(systems[3]).toContain('‘True [High Confidence]’ or ‘True [Low Confidence]’');
    for (const b of chatBodies(server, from)) expect(b.messages[1]).toEqual({ role: 'user', content: 'Statement: The bridge opened in May 2025.' });
  });
});

describe('certainty interventions (seed 004 C.2), cumulative', () => {
  it('append one, two, then three sentences to the task prompt', async () => {
    const model = await loopbackModel(server);
    const rec = { id: 'c1', fields: { original: 'The drug may reduce pain.' } };
    const taskOptions = { task: 'spiced-paraphrase', intervention: 'none', decoding: 'top-p' };
    const from = server.requests.length;
    for (const m of [preserveSemantics, doNotHallucinate, preserveCertainty]) await runMitigation(m, model, rec, { task: certaintyRewriteTask, taskOptions });
    const systems = chatBodies(server, from).map((b) => b.messages[0]?.content ?? '');
    const base = 'Your task is to paraphrase an English text. When paraphrasing, avoid copying phrases from the provided text. Your paraphrase must be 1 sentence long. Return **only** the paraphrased text.';
    expect(systems).toEqual([
      `${base}\n\nPreserve semantics of the original text.`,
      `${base}\n\nPreserve semantics of the original text. Do not hallucinate.`,
      `${base}\n\nPreserve semantics of the original text. Do not hallucinate. Preserve the degree of certainty in the original text.`,
    ]);
  });
});

describe('role-play (seed 003 Appendix G)', () => {
  it('sends the same conversation as the former rolePlay: true option', async () => {
    const model = await loopbackModel(server);
    const taskOptions = { style: 'dash', sentences: 1, rolePlay: false, seed: 42 };
    const legacy = { ...taskOptions, rolePlay: true };
    const rec = { id: 'p1', fields: { source: DOC } };
    const from = server.requests.length;
    await runMitigation(rolePlay, model, rec, { task: positionSummaryTask, taskOptions });
    await runMitigation(baselineMitigation, model, rec, { task: positionSummaryTask, taskOptions: legacy });
    const [a, b] = chatBodies(server, from);
    expect(a?.messages).toHaveLength(3);
    expect(a?.messages).toEqual(b?.messages);
  });
});
