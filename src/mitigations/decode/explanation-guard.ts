/**
 * Local-Explanation Guard (Alessa et al., Table A5): "After each token the model explains its
 * choice; if explanation says 'ignoring middle' or 'flipping sentiment', reject token and
 * resample." Check every 5 steps; rule-based detector.
 *
 * At every `every`-th token (steps 4, 9, 14, … counting from 0) the controller draws the candidate
 * itself (the task's temperature/top-k/top-p, a generator seeded from the task's seed), then asks
 * the model, in a side generation that leaves the answer's context alone (StepTools.sideGenerate:
 * the task's messages, the answer so far with the candidate as the assistant's turn, then
 * `question`), to explain the choice in one sentence (greedy, ≤ `maxExplanationTokens`). The
 * detector (assets/explanation-rules.json, overridable) matches the explanation against the
 * "ignoring middle" and "flipping sentiment" patterns, skipping a match preceded by a negation.
 * If a rule fires the candidate is rejected (its logit set to −∞) and the token is resampled from
 * the rest; the resampled token is not explained again. Every check is kept in the step's note.
 */
import { z } from 'zod';
import { samplePlain } from '../../models/gguf/sampler.js';
import type { StepController } from '../../models/stepwise.js';
import type { ChatMessage } from '../../models/types.js';
import { createRng } from '../../stats/rng.js';
import type { Mitigation, MitigationContext, MitigationResult } from '../types.js';
import defaultRules from './assets/explanation-rules.json' with { type: 'json' };
import { needsStepwise } from './backends.js';
import { decodeWith, stepwiseResult, taskCall } from './run-decode.js';

const DEFAULT_QUESTION = 'In one sentence, explain why you chose the last word, "{{token}}".';

export const guardOptions = z
  .object({
    every: z.number().int().min(1).default(5),
    maxExplanationTokens: z.number().int().min(1).default(32),
    /** the user turn asking for the explanation; {{token}} is the candidate's text */
    question: z.string().min(1).default(DEFAULT_QUESTION),
    rules: z
      .object({ ignoringMiddle: z.array(z.string()), flippingSentiment: z.array(z.string()), negation: z.string() })
      .default({ ignoringMiddle: defaultRules.ignoringMiddle, flippingSentiment: defaultRules.flippingSentiment, negation: defaultRules.negation }),
  })
  .strict();
type GuardOptions = z.infer<typeof guardOptions>;
type GuardRule = 'ignoring-middle' | 'flipping-sentiment';

/** The rule-based detector: which rule an explanation triggers, if any. */
export function detector(rules: GuardOptions['rules']): (explanation: string) => GuardRule | undefined {
  const compile = (xs: string[]): RegExp[] => xs.map((x) => new RegExp(x, 'i'));
  const sets: [GuardRule, RegExp[]][] = [
    ['ignoring-middle', compile(rules.ignoringMiddle)],
    ['flipping-sentiment', compile(rules.flippingSentiment)],
  ];
  const negation = new RegExp(rules.negation, 'i');
  return (text) => {
    for (const [rule, patterns] of sets)
      for (const re of patterns) {
        const m = re.exec(text);
        if (m !== null && !negation.test(text.slice(Math.max(0, m.index - 24), m.index))) return rule;
      }
    return undefined;
  };
}

export interface GuardNote {
  candidate: number;
  candidateText: string;
  explanation: string;
  rule: GuardRule | null;
}

interface GuardSampling {
  temperature: number;
  topK?: number;
  topP?: number;
  seed: number;
}

export function guardController(messages: readonly ChatMessage[], o: GuardOptions, sampling: GuardSampling): StepController {
  const detect = detector(o.rules);
  const rng = createRng(sampling.seed ^ 0x6a7d);
  const plain = { temperature: sampling.temperature, ...(sampling.topK !== undefined ? { topK: sampling.topK } : {}), ...(sampling.topP !== undefined ? { topP: sampling.topP } : {}) };
  let pieces: readonly string[] = [];
  return {
    id: 'explanation-guard',
    params: { ...o, sampling },
    prepare(vocab) {
      pieces = vocab.pieces();
    },
    async onStep(s, _aux, tools) {
      if (s.step % o.every !== o.every - 1) return { kind: 'sample' };
      const candidate = samplePlain(s.logits, plain, rng);
      // its text in context when it is among the top tokens, else its text on its own
      const candidateText = s.topK.find((e) => e.token === candidate)?.text ?? pieces[candidate] ?? '';
      const side = await tools.sideGenerate(
        [...messages, { role: 'assistant', content: s.text + candidateText }, { role: 'user', content: o.question.replaceAll('{{token}}', candidateText.trim()) }],
        { maxTokens: o.maxExplanationTokens },
      );
      const rule = detect(side.text) ?? null;
      const note: GuardNote = { candidate, candidateText, explanation: side.text, rule };
      if (rule === null) return { kind: 'choose', token: candidate, note };
      const z = s.logits.slice();
      z[candidate] = -Infinity;
      return { kind: 'choose', token: samplePlain(z, plain, rng), note };
    },
  };
}

export const explanationGuard: Mitigation<GuardOptions> = {
  id: 'explanation-guard',
  kind: 'decode',
  title: 'Local-Explanation Guard',
  source: 'Alessa et al., Table A5',
  tasks: ['summarize', 'position-summary'],
  requires: ['stepwise'],
  optionsSchema: guardOptions,
  applicable: (model) => needsStepwise(model, 'Local-Explanation Guard', 'a say in each token and side generations in the middle of a decode'),
  async run(ctx: MitigationContext<GuardOptions>): Promise<MitigationResult> {
    const call = taskCall(ctx);
    const p = call.params;
    const controller = guardController(call.messages, ctx.options, {
      temperature: call.temperature,
      seed: call.seed,
      ...(p.topK !== undefined ? { topK: p.topK } : {}),
      ...(p.topP !== undefined ? { topP: p.topP } : {}),
    });
    const r = await decodeWith(ctx, call, { controller });
    const checks = r.steps.flatMap((s) => (s.note === undefined ? [] : [s.note as GuardNote]));
    return stepwiseResult(ctx, r, [
      { name: 'explanation checks', data: { checks: checks.length, rejected: checks.filter((c) => c.rule !== null).length, byRule: countRules(checks) } },
      ...checks.filter((c) => c.rule !== null).map((c) => ({ name: `rejected "${c.candidateText.trim()}" (${c.rule})`, text: c.explanation })),
    ]);
  },
};

function countRules(checks: GuardNote[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of checks) if (c.rule !== null) out[c.rule] = (out[c.rule] ?? 0) + 1;
  return out;
}
