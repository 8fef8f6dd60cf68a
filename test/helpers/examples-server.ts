import { createHash } from 'node:crypto';
import { startOpenAIServer } from './loopback/openai-server.js';
import type { LoopbackServer } from './loopback/server.js';

const tag = (answer: string): string => `<explanation>r</explanation>\n<final_answer>${answer}</final_answer>`;

/**
 * The loopback OpenAI server the example configs run against: it answers each of the examples'
 * questions (fact checks, claim alignment, the Figure 24 certainty judge, sentiment, rewrites,
 * summaries) the way a real model would, so every table of every example is produced.
 * `distinct`: each rewrite and summary ends with a mark of its prompt, as a real model's answers
 * to different texts differ (without it, equal answers make equal judge requests, which the
 * request cache answers once).
 */
export function startExamplesServer(opts: { distinct?: boolean } = {}): Promise<LoopbackServer> {
  const mark = (prompt: string): string => (opts.distinct === true ? ` (${createHash('sha256').update(prompt).digest('hex').slice(0, 8)})` : '');
  return startOpenAIServer({
    respond: (prompt, body) => {
      if (prompt.includes('fact-checking AI') || /true or false/i.test(prompt)) return { text: 'True' };
      // claim alignment (slant-claim-align-v1): quote Document B's first sentence as the counterpart
      const docB = /Document B:\n([\s\S]*)$/.exec(prompt);
      if (docB) return { text: `<source_claim>the main finding</source_claim>\n<output_claim>${docB[1]!.split('. ')[0]!.trim()}</output_claim>` };
      if (/^Text A: /m.test(prompt)) {
        // Figure 24 judge: the text with fewer hedges is more certain (position-unbiased)
        const hedges = (s: string) => (s.match(/\b(may|might|possibly|perhaps|unclear|speculate|linked|associated)\b/gi) ?? []).length;
        const a = /^Text A: (.*)$/m.exec(prompt)?.[1] ?? '';
        const b = /^Text B: (.*)$/m.exec(prompt)?.[1] ?? '';
        const d = hedges(a) - hedges(b);
        return { text: tag(d === 0 ? 'No clear difference' : d < 0 ? 'Slightly A' : 'Slightly B') };
      }
      if (/sentiment/i.test(prompt)) return { text: /\bbut\b/.test(prompt) ? '{"sentiment": "Positive"}' : '{"sentiment": "Negative"}' };
      if (String(body.model) === 'gpt-4o-mini' && /finding|paraphrase|rewrite/i.test(prompt)) return { text: `The finding holds for most adults${mark(prompt)}.` };
      // summaries: a list (seed 003's F.3 prompt) or plain text (seed 000)
      return { text: `- The council approved a budget.\n- Critics warned fares could rise.\n- A depot will be built${mark(prompt)}.` };
    },
  });
}
