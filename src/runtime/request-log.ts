/**
 * `--verbose`: one line per model request as it is answered (or fails), so a person can follow
 * what a run sends: the model, how long it took, tokens, whether the cache answered it, and why an
 * answer cannot be measured. Built as model middleware (src/models/wrap.ts), outermost, so it sees
 * what the run sees. The text is the model's id and numbers only, never a prompt or an answer.
 */
import { wrapLanguageModel } from '../models/wrap.js';
import type { LanguageModel } from '../models/types.js';
import { formatWait } from './scheduler.js';

export function withRequestLog(model: LanguageModel, log: (line: string) => void, now: () => number = Date.now): LanguageModel {
  return wrapLanguageModel(model, {
    async generate(next, req) {
      const start = now();
      try {
        const r = await next(req);
        const tokens = r.usage ? ` · ${r.usage.inputTokens} in / ${r.usage.outputTokens} out tokens` : '';
        log(`request ${model.id}: ${r.cached ? 'from cache' : formatWait(now() - start)}${tokens}${r.finishReason && r.finishReason !== 'stop' ? ` · finish ${r.finishReason}` : ''}${r.invalid ? ` · not measurable: ${r.invalid}` : ''}`);
        return r;
      } catch (err) {
        log(`request ${model.id}: failed after ${formatWait(now() - start)}: ${err instanceof Error ? (err.message.split('\n')[0] ?? '').slice(0, 200) : String(err)}`);
        throw err;
      }
    },
  });
}
