/** Loopback server speaking Ollama's native API: /api/chat (NDJSON stream or one JSON) and /api/embed. */
import { echo, lastUserText, type Responder } from './answer.js';
import { toyEmbedding } from './openai-server.js';
import { serves, startLoopback, type LoopbackOptions, type LoopbackServer } from './server.js';

export function startOllamaServer(opts: LoopbackOptions & { respond?: Responder; embed?: (t: string) => number[] } = {}): Promise<LoopbackServer> {
  const respond = opts.respond ?? echo;
  return startLoopback(async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (req.path === '/api/embed') {
      const input = Array.isArray(body.input) ? (body.input as unknown[]).map(String) : [String(body.input)];
      reply.json(200, { model: body.model, embeddings: input.map(opts.embed ?? toyEmbedding), prompt_eval_count: input.length });
      return;
    }
    if (req.path === '/api/show') {
      const id = String(body.model ?? '');
      if (serves(opts, id)) reply.json(200, { modelfile: `FROM ${id}`, details: { format: 'gguf', family: 'loopback' }, capabilities: ['completion'] });
      else reply.json(404, { error: `model '${id}' not found` });
      return;
    }
    if (req.path !== '/api/chat') {
      reply.json(404, { error: `no route ${req.path}` });
      return;
    }
    const a = respond(lastUserText(body.messages), body);
    const final = {
      model: body.model,
      message: { role: 'assistant', content: '' },
      done: true,
      done_reason: a.finish ?? 'stop',
      prompt_eval_count: a.inputTokens ?? 0,
      eval_count: a.outputTokens ?? 0,
    };
    if (body.stream === false) {
      reply.json(200, { ...final, message: { role: 'assistant', content: a.text, ...(a.reasoning !== undefined ? { thinking: a.reasoning } : {}) } });
      return;
    }
    // thinking streams first in message.thinking (with empty content), then the answer
    const lines: unknown[] = (a.reasoning?.match(/\S+\s*/g) ?? []).map((p) => ({ model: body.model, message: { role: 'assistant', content: '', thinking: p }, done: false }));
    const pieces = a.text.match(/\S+\s*/g) ?? [''];
    lines.push(...pieces.map((p) => ({ model: body.model, message: { role: 'assistant', content: p }, done: false })));
    lines.push(final);
    await reply.ndjson(lines);
  }, opts);
}
