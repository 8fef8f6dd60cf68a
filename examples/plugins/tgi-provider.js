/**
 * A provider for Hugging Face Text Generation Inference servers (TGI's own `POST /generate`
 * endpoint): ids `tgi:<model name>`, the server from `providers.tgi.baseURL` or TGI_BASE_URL. The
 * chat messages are joined into one prompt; `parameters` carry the decoding settings TGI reads
 * (max_new_tokens, temperature, top_p, seed, stop). The answer's `details` give the token counts
 * and the finish reason, so its calls are costed (config `prices:`) and cut answers are marked.
 */
import { definePlugin, defineProvider, toAnswer } from 'slant';

const CAPABILITIES = { logprobs: false, logitBias: false, seed: true, mirostat: false, stepwise: false, jsonSchema: false, embeddings: false };
const FINISH = { eos_token: 'stop', stop_sequence: 'stop', length: 'length' };

const prompt = (messages) => messages.map((m) => (m.role === 'user' ? m.content : `${m.role}: ${m.content}`)).join('\n\n');

function tgiModel(name, options) {
  const baseURL = String(options.baseURL ?? process.env.TGI_BASE_URL ?? '').replace(/\/$/, '');
  if (!baseURL) throw new Error('tgi: set providers.tgi.baseURL or TGI_BASE_URL to the server, e.g. http://127.0.0.1:8080');
  const id = `tgi:${name}`;
  return {
    id,
    version: '1',
    provider: 'tgi',
    capabilities: CAPABILITIES,
    // the server decides the answers: part of the request-cache key
    settings: { baseURL },
    async generate(req) {
      const p = req.params ?? {};
      const parameters = { details: true, do_sample: (p.temperature ?? 0) > 0 };
      if (p.maxTokens !== undefined) parameters.max_new_tokens = p.maxTokens;
      if ((p.temperature ?? 0) > 0) parameters.temperature = p.temperature;
      if (p.topP !== undefined) parameters.top_p = p.topP;
      if (p.seed !== undefined) parameters.seed = p.seed;
      if (p.stop !== undefined) parameters.stop = p.stop;
      // every request goes through the run's scheduler: its concurrency lane, retries and timeout
      return options.scheduler.run('tgi', async (signal) => {
        const res = await fetch(`${baseURL}/generate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ inputs: prompt(req.messages), parameters }), signal });
        if (!res.ok) throw new Error(`tgi: HTTP ${res.status} from ${baseURL}/generate: ${(await res.text()).slice(0, 200)}`);
        const body = await res.json();
        const d = body.details ?? {};
        const usage = typeof d.generated_tokens === 'number' && typeof d.prefill?.length === 'number' ? { inputTokens: d.prefill.length, outputTokens: d.generated_tokens } : undefined;
        return { ...toAnswer('tgi', { content: String(body.generated_text ?? ''), finishReason: FINISH[d.finish_reason] ?? 'other', ...(usage ? { usage } : {}) }), cached: false };
      }, { ...(req.signal ? { signal: req.signal } : {}) });
    },
  };
}

export default definePlugin({
  providers: [
    defineProvider({
      name: 'tgi',
      idForm: 'tgi:<model>',
      env: ['TGI_BASE_URL'],
      optionKeys: ['baseURL'],
      // TGI batches concurrent requests on the GPU
      defaultConcurrency: 8,
      local: false,
      capabilities: async () => CAPABILITIES,
      create: async (name, options) => tgiModel(name, options),
    }),
  ],
});
