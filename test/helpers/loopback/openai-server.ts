/** Loopback server speaking OpenAI Chat Completions and Embeddings (JSON and SSE streaming). */
import { echo, lastUserText, type Responder } from './answer.js';
import { startLoopback, type LoopbackOptions, type LoopbackServer } from './server.js';

export interface OpenAIServerOptions extends LoopbackOptions {
  respond?: Responder;
  /** required bearer token; requests without it get 401 */
  apiKey?: string;
  /** embedding of one text (default: [length, vowel count, 1]) */
  embed?: (text: string) => number[];
}

export function toyEmbedding(text: string): number[] {
  return [text.length, (text.match(/[aeiou]/gi) ?? []).length, 1];
}

export function startOpenAIServer(opts: OpenAIServerOptions = {}): Promise<LoopbackServer> {
  const respond = opts.respond ?? echo;
  return startLoopback(async (req, reply) => {
    if (opts.apiKey !== undefined && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      reply.json(401, { error: { message: `Incorrect API key provided: ${String(req.headers.authorization ?? '').slice(7)}` } });
      return;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (req.path.endsWith('/embeddings')) {
      const input = Array.isArray(body.input) ? (body.input as unknown[]).map(String) : [String(body.input)];
      const f = opts.embed ?? toyEmbedding;
      reply.json(200, {
        object: 'list',
        data: input.map((t, index) => ({ object: 'embedding', index, embedding: f(t) })),
        usage: { prompt_tokens: input.length, total_tokens: input.length },
      });
      return;
    }
    if (!req.path.endsWith('/chat/completions')) {
      reply.json(404, { error: { message: `no route ${req.path}` } });
      return;
    }
    const a = respond(lastUserText(body.messages), body);
    const logprobs =
      a.logprobs === undefined
        ? null
        : { content: a.logprobs.map((l) => ({ token: l.token, logprob: l.logprob, bytes: [], top_logprobs: (l.top ?? []).map((t) => ({ ...t, bytes: [] })) })) };
    const usage = { prompt_tokens: a.inputTokens ?? 0, completion_tokens: a.outputTokens ?? 0, total_tokens: (a.inputTokens ?? 0) + (a.outputTokens ?? 0) };
    if (body.stream === true) {
      const words = a.text.match(/\S+\s*/g) ?? [''];
      const events = words.map((w, i) =>
        JSON.stringify({
          id: 'c1',
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta: { content: w }, finish_reason: null, logprobs: i === 0 ? logprobs : null }],
        }),
      );
      events.push(JSON.stringify({ id: 'c1', choices: [{ index: 0, delta: {}, finish_reason: a.finish ?? 'stop' }] }));
      events.push(JSON.stringify({ id: 'c1', choices: [], usage }));
      events.push('[DONE]');
      await reply.sse(events);
      return;
    }
    reply.json(200, {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content: a.text, refusal: null }, finish_reason: a.finish ?? 'stop', logprobs }],
      usage,
    });
  }, opts);
}
