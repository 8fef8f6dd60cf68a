/** Loopback server speaking the Anthropic Messages API. */
import { echo, lastUserText, type Responder } from './answer.js';
import { serves, startLoopback, type LoopbackOptions, type LoopbackServer } from './server.js';

export function startAnthropicServer(opts: LoopbackOptions & { respond?: Responder; apiKey?: string } = {}): Promise<LoopbackServer> {
  const respond = opts.respond ?? echo;
  return startLoopback((req, reply) => {
    if (opts.apiKey !== undefined && req.headers['x-api-key'] !== opts.apiKey) {
      reply.json(401, { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } });
      return;
    }
    const lookup = /^\/v1\/models\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && lookup !== null) {
      const id = decodeURIComponent(lookup[1] ?? '');
      if (serves(opts, id)) reply.json(200, { type: 'model', id, display_name: id, created_at: '2025-01-01T00:00:00Z' });
      else reply.json(404, { type: 'error', error: { type: 'not_found_error', message: `model: ${id}` } });
      return;
    }
    if (req.path !== '/v1/messages') {
      reply.json(404, { type: 'error', error: { type: 'not_found_error', message: `no route ${req.path}` } });
      return;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body.max_tokens !== 'number') {
      reply.json(400, { type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens: Field required' } });
      return;
    }
    // as the API does for Opus 4.1 and the 4.5 models on (their model pages list the restriction)
    if (typeof body.model === 'string' && /^claude-(?:(?:sonnet|haiku)-4-5|opus-4-[15])/.test(body.model) && body.temperature !== undefined && body.top_p !== undefined) {
      reply.json(400, { type: 'error', error: { type: 'invalid_request_error', message: '`temperature` and `top_p` cannot both be specified for this model. Please use only one.' } });
      return;
    }
    const a = respond(lastUserText(body.messages), body);
    const content: Record<string, unknown>[] = [];
    if (a.reasoning !== undefined) content.push({ type: 'thinking', thinking: a.reasoning, signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds' });
    if (a.redactedThinking === true) content.push({ type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP' });
    // a refusal may come with no text block at all
    if (a.text !== '' || content.length === 0) content.push({ type: 'text', text: a.text });
    reply.json(200, {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: body.model,
      content,
      stop_reason: a.finish === 'length' ? 'max_tokens' : a.finish === 'refusal' || a.finish === 'filter' ? 'refusal' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: a.inputTokens ?? 0, output_tokens: a.outputTokens ?? 0 },
    });
  }, opts);
}
