import { UserError } from '../core/errors.js';
import type { ChatMessage } from '../models/types.js';

/**
 * Fact-checking prompts of seed 000 (Alessa et al.), Appendix A.8, Table A7 "Hallucination
 * Mitigation Prompts", verbatim (typographic quotes as printed). The paper prints the instruction
 * only; how the statement is attached is not shown. slant sends the instruction as the system
 * message and the statement as the user message (`Statement: <text>`), which every chat API accepts.
 */
export const FACTCHECK_STRATEGIES = ['baseline', 'calibration', 'boundary', 'epistemic'] as const;
export type FactcheckStrategy = (typeof FACTCHECK_STRATEGIES)[number];

export const FACTCHECK_PROMPTS: Record<FactcheckStrategy, string> = {
  baseline:
    'You are a fact-checking AI. For each statement, predict if the event has occurred or not and respond with ONLY ‘True’ if it’s factual or ‘False’ if it’s not. Do not provide any explanation. Respond with TRUE or FALSE only and nothing else.',
  calibration:
    'You are a fact-checking AI. Follow these strict guidelines: - Respond with ‘True’ ONLY if: * You are 100% certain the statement describes an event that has occurred * You have clear knowledge of the event from your training data * You can identify specific details confirming the event happened - Respond with ‘False’ if: * You have ANY doubt about the statement’s accuracy * The statement contains ANY misleading or incorrect information * You lack reliable information about the statement Respond with EXACTLY one word: ‘True’ or ‘False’. No explanations.',
  boundary:
    'You are a fact-checking AI with knowledge up to {knowledge_cutoff}. For each statement, predict if the event has occurred or not. We check your decision-making abilities on futuristic events based on current data. Respond with only ‘True’ or ‘False’ for each news event. If the event is scheduled to occur after {knowledge_cutoff}, make a good prediction based on your knowledge up to {knowledge_cutoff}. RESPOND WITH EXACTLY ONE WORD: ‘True’ or ‘False’.',
  epistemic:
    'You are a fact-checking AI. Analyze this statement and respond with: - ‘True [High Confidence]’ or ‘True [Low Confidence]’ - ‘False [High Confidence]’ or ‘False [Low Confidence]’ Use these epistemic tags to guide your reasoning: [Certain] = Information you know with high confidence based on your training data [Uncertain] = Information you’re less confident about or may be outside your knowledge [Reasoning] = Step by step analysis to determine veracity [Conclusion] = Your final determination with confidence level Respond ONLY with one of the four exactly formatted options listed above and nothing else.',
};

/** Accepts the short names and a few spellings of the paper's strategy names. */
export function parseFactcheckStrategy(name: string): FactcheckStrategy {
  const key = name.trim().toLowerCase().replace(/[\s_()-]+/g, '');
  const aliases: Record<string, FactcheckStrategy> = {
    baseline: 'baseline',
    calibration: 'calibration',
    promptcalibration: 'calibration',
    promptcalibrationcot: 'calibration',
    cot: 'calibration',
    boundary: 'boundary',
    knowledgeboundary: 'boundary',
    knowledgeboundaryaware: 'boundary',
    knowledgeboundaryawareness: 'boundary',
    epistemic: 'epistemic',
    epistemictagging: 'epistemic',
  };
  const s = aliases[key];
  if (s === undefined) throw new UserError(`unknown fact-check strategy "${name}"; expected one of ${FACTCHECK_STRATEGIES.join(', ')}`);
  return s;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2023-03" or "2023-03-31" -> "March 2023" (the paper's Table A2 gives month and year). */
export function formatCutoff(cutoff: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(cutoff);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || month === undefined) throw new UserError(`knowledge cutoff "${cutoff}" is not a date (expected YYYY-MM or YYYY-MM-DD)`);
  return `${month} ${m[1]}`;
}

/**
 * The messages for one statement. `cutoff` (YYYY-MM[-DD]) is required for the 'boundary' strategy,
 * whose {knowledge_cutoff} placeholder it fills (as "March 2023").
 */
export function renderFactcheckPrompt(strategy: FactcheckStrategy, statement: string, cutoff?: string): ChatMessage[] {
  let system = FACTCHECK_PROMPTS[strategy];
  if (system.includes('{knowledge_cutoff}')) {
    if (cutoff === undefined) {
      throw new UserError(`the "${strategy}" fact-check prompt needs the model's knowledge cutoff`, {
        hint: 'add the model to probes.hallucination.options.cutoffs (e.g. "ollama:llama3:8b": "2023-03") or set options.cutoff',
      });
    }
    system = system.split('{knowledge_cutoff}').join(formatCutoff(cutoff));
  }
  return [
    { role: 'system', content: system },
    { role: 'user', content: `Statement: ${statement}` },
  ];
}
