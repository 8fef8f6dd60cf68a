/** Loopback server speaking llama.cpp's native API: /apply-template, /completion, /embedding. */
import { echo, lastUserText, type Responder } from './answer.js';
import { startLoopback, type LoopbackOptions, type LoopbackServer } from './server.js';

/** A toy chat template: "<|role|>content\n" per message, then "<|assistant|>" unless the last message is the assistant's (prefill). */
export function toyTemplate(messages: { role: string; content: string }[]): string {
  const last = messages[messages.length - 1];
  const prefill = last?.role === 'assistant';
  const head = (prefill ? messages.slice(0, -1) : messages).map((m) => `<|${m.role}|>${m.content}\n`).join('');
  return prefill ? `${head}<|assistant|>${last.content}` : `${head}<|assistant|>`;
}

/**
 * `contextSize`: a prompt of more words than this is refused as llama.cpp's server refuses a prompt
 * longer than its context (HTTP 400, type exceed_context_size_error, with the token counts).
 */
export function startLlamaCppServer(opts: LoopbackOptions & { respond?: Responder; contextSize?: number; prefillThink?: boolean } = {}): Promise<LoopbackServer> {
  const respond = opts.respond ?? echo;
  return startLoopback((req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (req.path === '/apply-template') {
      // DeepSeek-R1's template ends the prompt with an opened "<think>\n" block
      const prompt = toyTemplate((body.messages ?? []) as { role: string; content: string }[]);
      reply.json(200, { prompt: opts.prefillThink === true ? `${prompt}<think>\n` : prompt });
      return;
    }
    if (req.path === '/health' && req.method === 'GET') {
      reply.json(200, { status: 'ok' });
      return;
    }
    if (req.path !== '/completion') {
      reply.json(404, { error: { code: 404, message: 'File Not Found', type: 'not_found_error' } });
      return;
    }
    const prompt = String(body.prompt ?? '');
    const promptTokens = prompt.split(/\s+/).filter(Boolean).length;
    if (opts.contextSize !== undefined && promptTokens > opts.contextSize) {
      reply.json(400, { error: { code: 400, message: 'the request exceeds the available context size, try increasing it', type: 'exceed_context_size_error', n_prompt_tokens: promptTokens, n_ctx: opts.contextSize } });
      return;
    }
    // the "user text" is what follows the last <|user|> tag, up to the newline
    const user = /<\|user\|>([^\n]*)\n(?![\s\S]*<\|user\|>)/.exec(prompt)?.[1] ?? lastUserText([]);
    const a = respond(user, body);
    const nProbs = typeof body.n_probs === 'number' ? body.n_probs : 0;
    const out: Record<string, unknown> = {
      // the native completion is raw text: reasoning, if any, is in it (`reasoning` is written as a <think> block)
      content: a.reasoning !== undefined ? `<think>\n${a.reasoning}\n</think>\n\n${a.text}` : a.text,
      stop: true,
      stop_type: a.finish === 'length' ? 'limit' : 'eos',
      truncated: false,
      tokens_evaluated: a.inputTokens ?? 0,
      tokens_predicted: a.outputTokens ?? 0,
      prompt,
      generation_settings: body,
    };
    if (nProbs > 0 && a.logprobs !== undefined)
      out.completion_probabilities = a.logprobs.map((l, i) => ({
        id: i,
        token: l.token,
        logprob: l.logprob,
        bytes: [],
        top_logprobs: (l.top ?? []).slice(0, nProbs).map((t, j) => ({ id: 100 + j, token: t.token, logprob: t.logprob, bytes: [] })),
      }));
    reply.json(200, out);
  }, opts);
}
