import type { GenerateRequest, GenerateResult, LanguageModel } from '../../../src/models/types.js';
import { NO_CAPABILITIES } from '../../../src/models/types.js';

/** A scripted LanguageModel: `answer` maps the request to a reply text; requests are recorded. */
export function fakeModel(id: string, answer: (req: GenerateRequest) => string, opts: { jsonSchema?: boolean } = {}): LanguageModel & { requests: GenerateRequest[] } {
  const requests: GenerateRequest[] = [];
  return {
    id,
    version: '1',
    provider: 'fake',
    capabilities: { ...NO_CAPABILITIES, jsonSchema: opts.jsonSchema ?? false },
    requests,
    async generate(req: GenerateRequest): Promise<GenerateResult> {
      requests.push(req);
      return { text: answer(req), warnings: [], cached: false };
    },
  };
}

/** The two texts of the judge's user message. */
export function pairOf(req: GenerateRequest): { a: string; b: string } {
  const user = req.messages.find((m) => m.role === 'user')?.content ?? '';
  const a = /^Text A: (.*)$/m.exec(user)?.[1] ?? '';
  const b = /^Text B: (.*)$/m.exec(user)?.[1] ?? '';
  return { a, b };
}

export const tag = (reason: string, answer: string): string => `<explanation>${reason}</explanation>\n<final_answer>${answer}</final_answer>`;
