/** Loopback server speaking Gemini generateContent. */
import { echo, lastUserText, type Responder } from './answer.js';
import { serves, startLoopback, type LoopbackOptions, type LoopbackServer } from './server.js';

export function startGeminiServer(opts: LoopbackOptions & { respond?: Responder; apiKey?: string } = {}): Promise<LoopbackServer> {
  const respond = opts.respond ?? echo;
  return startLoopback((req, reply) => {
    if (opts.apiKey !== undefined && req.headers['x-goog-api-key'] !== opts.apiKey) {
      reply.json(403, { error: { code: 403, message: 'API key not valid. Please pass a valid API key.', status: 'PERMISSION_DENIED' } });
      return;
    }
    const lookup = /^\/v1beta\/models\/([^/:]+)$/.exec(req.path);
    if (req.method === 'GET' && lookup !== null) {
      const id = decodeURIComponent(lookup[1] ?? '');
      if (serves(opts, id)) reply.json(200, { name: `models/${id}`, displayName: id, supportedGenerationMethods: ['generateContent', 'countTokens'] });
      else reply.json(404, { error: { code: 404, message: `models/${id} is not found for API version v1beta, or is not supported for generateContent.`, status: 'NOT_FOUND' } });
      return;
    }
    const m = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(req.path);
    if (m === null) {
      reply.json(404, { error: { code: 404, message: `no route ${req.path}`, status: 'NOT_FOUND' } });
      return;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    const a = respond(lastUserText(body.contents), body);
    const gc = (body.generationConfig ?? {}) as { responseLogprobs?: boolean };
    const parts: Record<string, unknown>[] = [];
    if (a.reasoning !== undefined) parts.push({ text: a.reasoning, thought: true });
    if (a.text !== '') parts.push({ text: a.text });
    const candidate: Record<string, unknown> = {
      content: a.noParts === true ? { role: 'model' } : { role: 'model', parts },
      finishReason: a.finish === 'length' ? 'MAX_TOKENS' : a.finish === 'filter' || a.finish === 'refusal' ? 'SAFETY' : 'STOP',
      index: 0,
    };
    if (a.finish === 'filter')
      candidate.safetyRatings = [
        { category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' },
        { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true },
      ];
    if (gc.responseLogprobs === true && a.logprobs !== undefined) {
      candidate.logprobsResult = {
        chosenCandidates: a.logprobs.map((l) => ({ token: l.token, logProbability: l.logprob })),
        topCandidates: a.logprobs.map((l) => ({ candidates: (l.top ?? []).map((t) => ({ token: t.token, logProbability: t.logprob })) })),
      };
    }
    const usageMetadata: Record<string, unknown> = { promptTokenCount: a.inputTokens ?? 0, candidatesTokenCount: a.outputTokens ?? 0, totalTokenCount: (a.inputTokens ?? 0) + (a.outputTokens ?? 0) + (a.reasoningTokens ?? 0) };
    if (a.reasoningTokens !== undefined) usageMetadata.thoughtsTokenCount = a.reasoningTokens;
    reply.json(200, {
      candidates: [candidate],
      ...(a.noUsage === true ? {} : { usageMetadata }),
      modelVersion: decodeURIComponent(m[1] ?? ''),
    });
  }, opts);
}
