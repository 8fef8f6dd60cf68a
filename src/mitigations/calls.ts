import { InvalidAnswerError, unmeasured } from '../models/answer.js';
import type { GenerateRequest, Warning } from '../models/types.js';
import type { MitigationContext, MitigationResult, MitigationStep } from './types.js';
import type { RenderOverrides, TaskRecord } from '../tasks/task.js';

/**
 * The model calls of one mitigated cell item: every call is counted (a cached answer too: it is
 * the cost of the strategy), with its tokens and warnings, so that MitigationResult carries the
 * strategy's whole cost.
 */
export class CallLog {
  calls = 0;
  /** calls served from the request cache */
  cachedCalls = 0;
  readonly usage = { inputTokens: 0, outputTokens: 0 };
  private allCached = true;
  readonly warnings: Warning[] = [];
  /** the answers' reasoning, in call order (stored beside the output, never measured) */
  private readonly reasoning: string[] = [];
  /** answers cut at the token limit */
  private truncated = 0;
  private readonly started = Date.now();

  constructor(private readonly ctx: MitigationContext<unknown>) {}

  /** Send one request (the context's abort signal attached) and return the answer's text. */
  async send(req: GenerateRequest): Promise<{ text: string; outputTokens?: number }> {
    const res = await this.ctx.model.generate(this.ctx.signal ? { ...req, signal: this.ctx.signal } : req);
    this.calls++;
    if (!res.cached) this.allCached = false;
    else this.cachedCalls++;
    if (res.usage) {
      this.usage.inputTokens += res.usage.inputTokens;
      this.usage.outputTokens += res.usage.outputTokens;
    }
    this.warnings.push(...res.warnings);
    if (res.reasoning !== undefined) this.reasoning.push(res.reasoning);
    if (res.invalid !== undefined) {
      // nothing built on a filtered or refused answer can be measured: stop the strategy here
      const err = new InvalidAnswerError(res.invalid, unmeasured(res));
      err.cost = { calls: this.calls, usage: { ...this.usage }, cached: this.allCached };
      err.warnings = [...this.warnings];
      throw err;
    }
    if (res.finishReason === 'length') this.truncated++;
    return { text: res.text, ...(res.usage ? { outputTokens: res.usage.outputTokens } : {}) };
  }

  /** The error that records an answer this strategy cannot use (e.g. no FINAL_SUMMARY:), with what was spent on it. */
  invalid(reason: string, text: string): InvalidAnswerError {
    const err = new InvalidAnswerError(reason, { text });
    err.cost = { calls: this.calls, usage: { ...this.usage }, cached: this.allCached };
    err.warnings = [...this.warnings];
    return err;
  }

  /** Render the cell's task for `record` with `overrides`, send it, and return the raw answer. */
  async ask(overrides?: RenderOverrides, record: TaskRecord = this.ctx.record): Promise<string> {
    return (await this.send(this.ctx.task.render(record, this.ctx.taskOptions, this.ctx.defaults, overrides))).text;
  }

  /** Parse `text` as the task's answer and wrap the strategy's result. */
  finish(text: string, steps: MitigationStep[] = [], extra: { warnings?: Warning[]; approximations?: string[] } = {}): MitigationResult {
    const parsed = this.ctx.task.parse(text, this.ctx.record, this.ctx.taskOptions);
    return this.result(parsed.fields, steps, { ...extra, warnings: [...parsed.warnings, ...(extra.warnings ?? [])] });
  }

  result(fields: Record<string, unknown>, steps: MitigationStep[], extra: { warnings?: Warning[]; approximations?: string[] } = {}): MitigationResult {
    const out: MitigationResult = {
      fields,
      steps,
      warnings: [...this.warnings, ...(extra.warnings ?? [])],
      calls: this.calls,
      usage: { ...this.usage },
      cached: this.calls > 0 && this.allCached,
      cachedCalls: this.cachedCalls,
      wallMs: Date.now() - this.started,
    };
    if (extra.approximations?.length) out.approximations = extra.approximations;
    if (this.reasoning.length > 0) out.reasoning = this.reasoning.join('\n\n');
    if (this.truncated > 0) out.truncated = this.truncated;
    return out;
  }
}
