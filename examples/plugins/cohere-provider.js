/**
 * A paid provider with its own prices and embedding models: Cohere's v2 API. Ids `cohere:<model>`
 * for chat models (`POST /v2/chat`) and for embedding models (`POST /v2/embed`, through the
 * manifest's `createEmbedder`, so `judges.embedder` or `roles.embedder` can name one). The key
 * comes from CO_API_KEY (never from slant.yaml), the server from COHERE_BASE_URL or
 * `providers.cohere.baseURL` (default https://api.cohere.com). Its list prices are in the manifest:
 * the plan, the budget and the cost table price its models like the built-in providers'.
 */
import { definePlugin, defineProvider, toAnswer } from 'slant';

const CAPABILITIES = { logprobs: false, logitBias: false, seed: true, mirostat: false, stepwise: false, jsonSchema: false, embeddings: true };
const FINISH = { COMPLETE: 'stop', STOP_SEQUENCE: 'stop', MAX_TOKENS: 'length', ERROR: 'other', TOOL_CALL: 'other' };

function endpoint(options) {
  const key = options.apiKey ?? process.env.CO_API_KEY;
  if (!key) throw new Error('cohere: set CO_API_KEY to your Cohere API key');
  const baseURL = String(options.baseURL ?? process.env.COHERE_BASE_URL ?? 'https://api.cohere.com').replace(/\/$/, '');
  return { baseURL, key };
}

/** One POST through the run's scheduler (its lane, retries and timeout); an error names the status, never the key. */
function post(options, path, body, signal) {
  const { baseURL, key } = endpoint(options);
  return options.scheduler.run('cohere', async (s) => {
    const res = await fetch(`${baseURL}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body), signal: s });
    if (!res.ok) throw new Error(`cohere: HTTP ${res.status} from ${baseURL}${path}: ${(await res.text()).slice(0, 200)}`);
    return res.json();
  }, { ...(signal ? { signal } : {}) });
}

function cohereModel(name, options) {
  const { baseURL } = endpoint(options);
  return {
    id: `cohere:${name}`,
    version: 'v2',
    provider: 'cohere',
    capabilities: CAPABILITIES,
    // the server decides the answers: part of the request-cache key
    settings: { baseURL },
    async generate(req) {
      const p = req.params ?? {};
      const body = { model: name, messages: req.messages.map((m) => ({ role: m.role, content: m.content })) };
      if (p.temperature !== undefined) body.temperature = p.temperature;
      if (p.maxTokens !== undefined) body.max_tokens = p.maxTokens;
      if (p.topP !== undefined) body.p = p.topP;
      if (p.seed !== undefined) body.seed = p.seed;
      if (p.stop !== undefined) body.stop_sequences = p.stop;
      const json = await post(options, '/v2/chat', body, req.signal);
      const content = (json.message?.content ?? []).filter((c) => c.type === 'text').map((c) => c.text).join('');
      const billed = json.usage?.billed_units;
      const usage = typeof billed?.input_tokens === 'number' && typeof billed?.output_tokens === 'number' ? { inputTokens: billed.input_tokens, outputTokens: billed.output_tokens } : undefined;
      return { ...toAnswer('cohere', { content, finishReason: FINISH[json.finish_reason] ?? 'other', ...(usage ? { usage } : {}) }), cached: false };
    },
  };
}

/** Cohere asks what a text is for: a query (a summary looked up in its source) or a document (a passage). */
const INPUT_TYPE = { query: 'search_query', passage: 'search_document' };

function cohereEmbedder(name, options) {
  endpoint(options);
  return {
    id: `cohere:${name}`,
    version: 'v2-embed',
    mode: 'independent',
    async embed(texts, opts = {}) {
      const out = [];
      // Cohere takes at most 96 texts per request
      for (let i = 0; i < texts.length; i += 96) {
        const batch = texts.slice(i, i + 96);
        const json = await post(options, '/v2/embed', { model: name, texts: batch, input_type: INPUT_TYPE[opts.kind] ?? 'clustering', embedding_types: ['float'] }, opts.signal);
        const vectors = json.embeddings?.float;
        if (!Array.isArray(vectors) || vectors.length !== batch.length) throw new Error(`cohere: expected ${batch.length} embeddings from /v2/embed, got ${Array.isArray(vectors) ? vectors.length : 'none'}`);
        for (const v of vectors) out.push(Float64Array.from(v));
      }
      return out;
    },
  };
}

export default definePlugin({
  providers: [
    defineProvider({
      name: 'cohere',
      idForm: 'cohere:<model>',
      env: ['CO_API_KEY', 'COHERE_BASE_URL'],
      optionKeys: ['baseURL'],
      defaultConcurrency: 8,
      local: false,
      // USD per million tokens, from https://cohere.com/pricing
      prices: {
        asOf: '2025-10',
        models: {
          'command-r-08-2024': { input: 0.15, output: 0.6 },
          'command-r-plus-08-2024': { input: 2.5, output: 10 },
          'command-a-03-2025': { input: 2.5, output: 10 },
          'embed-english-v3.0': { input: 0.1, output: 0 },
          'embed-v4.0': { input: 0.12, output: 0 },
        },
      },
      capabilities: async () => CAPABILITIES,
      create: async (name, options) => cohereModel(name, options),
      createEmbedder: async (name, options) => cohereEmbedder(name, options),
    }),
  ],
});
