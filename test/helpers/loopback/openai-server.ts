/** Loopback server speaking OpenAI Chat Completions and Embeddings (JSON and SSE streaming). */
import { echo, lastUserText, type Responder } from './answer.js';
import { answerOpenAiModelLookup, startLoopback, type LoopbackOptions, type LoopbackServer } from './server.js';

export interface OpenAIServerOptions extends LoopbackOptions {
  respond?: Responder;
  /** required bearer token; requests without it get 401 */
  apiKey?: string;
  /** embedding of one text (default: [length, vowel count, 1]) */
  embed?: (text: string) => number[];
  /** Batch API: GETs of a batch before it reaches its final status (default 2) */
  batchPolls?: number;
  /** Batch API: final status (default 'completed'); 'expired' answers only the first request */
  batchFinal?: 'completed' | 'expired' | 'failed';
}

interface FakeBatch {
  id: string;
  input: string;
  metadata: Record<string, string> | null;
  created_at: number;
  polls: number;
  status: string;
  output_file_id: string | null;
  error_file_id: string | null;
}

export function toyEmbedding(text: string): number[] {
  return [text.length, (text.match(/[aeiou]/gi) ?? []).length, 1];
}

export function startOpenAIServer(opts: OpenAIServerOptions = {}): Promise<LoopbackServer> {
  const respond = opts.respond ?? echo;
  const files = new Map<string, string>();
  const batches = new Map<string, FakeBatch>();
  const finish = (b: FakeBatch): void => {
    const final = opts.batchFinal ?? 'completed';
    b.status = final;
    if (final === 'failed') return;
    const ok: string[] = [];
    const bad: string[] = [];
    const lines = b.input.split('\n').filter((l) => l.trim() !== '');
    lines.forEach((line, i) => {
      if (final === 'expired' && i > 0) return;
      const row = JSON.parse(line) as { custom_id: string; body: Record<string, unknown> };
      const prompt = lastUserText(row.body.messages);
      if (prompt.startsWith('FAIL')) {
        bad.push(JSON.stringify({ id: `r${i}`, custom_id: row.custom_id, response: { status_code: 400, body: { error: { message: 'bad request in batch' } } }, error: null }));
        return;
      }
      const a = respond(prompt, row.body);
      const body = {
        id: `chatcmpl-b${i}`,
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: a.text }, finish_reason: a.finish ?? 'stop', logprobs: null }],
        usage: { prompt_tokens: a.inputTokens ?? 0, completion_tokens: a.outputTokens ?? 0 },
      };
      ok.push(JSON.stringify({ id: `r${i}`, custom_id: row.custom_id, response: { status_code: 200, request_id: `q${i}`, body }, error: null }));
    });
    if (ok.length > 0) {
      b.output_file_id = `file-out-${b.id}`;
      files.set(b.output_file_id, `${ok.join('\n')}\n`);
    }
    if (bad.length > 0) {
      b.error_file_id = `file-err-${b.id}`;
      files.set(b.error_file_id, `${bad.join('\n')}\n`);
    }
  };
  const batchObject = (b: FakeBatch): Record<string, unknown> => {
    const total = b.input.split('\n').filter((l) => l.trim() !== '').length;
    return {
      id: b.id,
      object: 'batch',
      endpoint: '/v1/chat/completions',
      completion_window: '24h',
      created_at: b.created_at,
      metadata: b.metadata,
      status: b.status,
      output_file_id: b.output_file_id,
      error_file_id: b.error_file_id,
      request_counts: { total, completed: b.status === 'completed' ? total : 0, failed: 0 },
      errors: b.status === 'failed' ? { data: [{ message: 'invalid model', line: 1 }] } : null,
    };
  };
  return startLoopback(async (req, reply) => {
    if (opts.apiKey !== undefined && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      reply.json(401, { error: { message: `Incorrect API key provided: ${String(req.headers.authorization ?? '').slice(7)}` } });
      return;
    }
    if (answerOpenAiModelLookup(req, reply, opts)) return;
    if (req.path.endsWith('/files') && req.method === 'POST') {
      // multipart: keep the JSONL lines of the uploaded file
      const raw = typeof req.body === 'string' ? req.body : '';
      if (!raw.includes('name="purpose"') || !/\r\n\r\nbatch\r\n/.test(raw)) {
        reply.json(400, { error: { message: 'purpose must be batch' } });
        return;
      }
      const jsonl = raw
        .split(/\r?\n/)
        .filter((l) => l.startsWith('{"custom_id"'))
        .join('\n');
      const id = `file-in-${files.size + 1}`;
      files.set(id, jsonl);
      reply.json(200, { id, object: 'file', purpose: 'batch', bytes: jsonl.length });
      return;
    }
    const content = /\/files\/([^/]+)\/content$/.exec(req.path);
    if (content !== null && req.method === 'GET') {
      const text = files.get(decodeURIComponent(content[1] ?? ''));
      if (text === undefined) reply.json(404, { error: { message: 'no such file' } });
      else {
        reply.raw.writeHead(200, { 'content-type': 'application/octet-stream' });
        reply.raw.end(text);
      }
      return;
    }
    if (/\/batches(\?|$)/.test(req.path) && req.method === 'GET') {
      // the account's batches, newest first, a page of `limit` after the batch `after` (as OpenAI lists them)
      const q = new URL(req.path, 'http://x').searchParams;
      const all = [...batches.values()].reverse();
      const from = q.get('after') !== null ? all.findIndex((b) => b.id === q.get('after')) + 1 : 0;
      const page = all.slice(from, from + Number(q.get('limit') ?? 20));
      reply.json(200, { object: 'list', data: page.map(batchObject), first_id: page[0]?.id ?? null, last_id: page[page.length - 1]?.id ?? null, has_more: from + page.length < all.length });
      return;
    }
    if (req.path.endsWith('/batches') && req.method === 'POST') {
      const b = req.body as { input_file_id?: string; endpoint?: string; completion_window?: string; metadata?: Record<string, string> };
      const input = files.get(b.input_file_id ?? '');
      if (input === undefined || b.endpoint !== '/v1/chat/completions' || b.completion_window !== '24h') {
        reply.json(400, { error: { message: 'bad batch request' } });
        return;
      }
      const id = `batch_${batches.size + 1}`;
      const fb: FakeBatch = { id, input, metadata: b.metadata ?? null, created_at: Math.floor(Date.now() / 1000), polls: 0, status: 'validating', output_file_id: null, error_file_id: null };
      batches.set(id, fb);
      reply.json(200, batchObject(fb));
      return;
    }
    const bm = /\/batches\/([^/]+)$/.exec(req.path);
    if (bm !== null && req.method === 'GET') {
      const b = batches.get(decodeURIComponent(bm[1] ?? ''));
      if (b === undefined) {
        reply.json(404, { error: { message: 'no such batch' } });
        return;
      }
      b.polls++;
      if (b.status !== 'completed' && b.status !== 'expired' && b.status !== 'failed') {
        if (b.polls >= (opts.batchPolls ?? 2)) finish(b);
        else b.status = 'in_progress';
      }
      reply.json(200, batchObject(b));
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
    const usage: Record<string, unknown> = { prompt_tokens: a.inputTokens ?? 0, completion_tokens: a.outputTokens ?? 0, total_tokens: (a.inputTokens ?? 0) + (a.outputTokens ?? 0) };
    if (a.reasoningTokens !== undefined) usage.completion_tokens_details = { reasoning_tokens: a.reasoningTokens, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 };
    const finishReason = a.finish === 'filter' ? 'content_filter' : a.finish === 'refusal' ? 'stop' : (a.finish ?? 'stop');
    const reasoningKey = a.reasoningField ?? 'reasoning_content';
    if (body.stream === true) {
      const events: string[] = [];
      // reasoning streams first in its own delta field, then the answer
      for (const w of a.reasoning?.match(/\S+\s*/g) ?? [])
        events.push(JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { [reasoningKey]: w }, finish_reason: null, logprobs: null }] }));
      if (a.refusal !== undefined) events.push(JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { refusal: a.refusal }, finish_reason: null, logprobs: null }] }));
      const words = a.text.match(/\S+\s*/g) ?? [''];
      words.forEach((w, i) =>
        events.push(
          JSON.stringify({
            id: 'c1',
            object: 'chat.completion.chunk',
            choices: [{ index: 0, delta: { content: w }, finish_reason: null, logprobs: i === 0 ? logprobs : null }],
          }),
        ),
      );
      events.push(JSON.stringify({ id: 'c1', choices: [{ index: 0, delta: {}, finish_reason: finishReason }] }));
      if (a.noUsage !== true) events.push(JSON.stringify({ id: 'c1', choices: [], usage }));
      events.push('[DONE]');
      await reply.sse(events);
      return;
    }
    const message: Record<string, unknown> = { role: 'assistant', content: a.refusal !== undefined && a.text === '' ? null : a.text, refusal: a.refusal ?? null };
    if (a.reasoning !== undefined) message[reasoningKey] = a.reasoning;
    reply.json(200, {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      model: body.model,
      choices: [{ index: 0, message, finish_reason: finishReason, logprobs }],
      ...(a.noUsage === true ? {} : { usage }),
    });
  }, opts);
}
