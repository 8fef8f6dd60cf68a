import { NO_CAPABILITIES, type GenerateRequest, type LanguageModel } from '../../../src/models/types.js';

/** A LanguageModel answering from a function, recording every request (no network). */
export function fakeModel(answer: (req: GenerateRequest) => string): LanguageModel & { requests: GenerateRequest[] } {
  const requests: GenerateRequest[] = [];
  return {
    id: 'fake:model',
    version: '1',
    provider: 'fake',
    capabilities: NO_CAPABILITIES,
    requests,
    async generate(req) {
      requests.push(req);
      return { text: answer(req), warnings: [], cached: false };
    },
  };
}
