/** The in-process GGUF LanguageModel (node-llama-cpp), with sampling done step by step in JS. */
import { basename } from 'node:path';
import type { StepwiseOptions, StepwiseResult } from '../stepwise.js';
import type { Capabilities, GenerateRequest, GenerateResult, LanguageModel, TokenLogprob, Warning } from '../types.js';
import { toAnswer } from '../answer.js';
import { checkParams, clampTopK, otherWarning } from '../warnings.js';
import type { GgufCore } from './core.js';
import { decode, type DecodeOutcome } from './decode.js';
import { resolveLogitBias } from './logit-bias.js';
import { stepwiseOnCore } from './stepwise.js';
import { randomSeed } from '../../stats/rng.js';

export const GGUF_CAPABILITIES: Capabilities = {
  logprobs: { maxTopK: 20 },
  logitBias: 'both',
  seed: true,
  mirostat: true,
  stepwise: true,
  jsonSchema: false,
  embeddings: false,
};

export class GgufModel implements LanguageModel {
  readonly provider = 'gguf';
  readonly capabilities = GGUF_CAPABILITIES;
  constructor(
    readonly id: string,
    readonly version: string,
    readonly path: string,
    /** @internal the loaded model; used by decodeStepwise */
    readonly core: GgufCore,
    private readonly defaultSeed: number | undefined,
    /** keep the decoded text as it is: no <think> block taken out of the answer */
    private readonly rawText = false,
  ) {}

  get filename(): string {
    return basename(this.path);
  }

  async generate(req: GenerateRequest): Promise<GenerateResult> {
    const p = req.params ?? {};
    const warnings: Warning[] = checkParams('gguf', this.capabilities, p);
    if (this.core.template.warning !== undefined) warnings.push(this.core.template.warning);
    const { bias, warnings: biasWarnings } = resolveLogitBias(this.core.model, this.core.vocab, p.logitBias);
    warnings.push(...biasWarnings);
    if (p.mirostat !== undefined && (p.topK !== undefined || p.topP !== undefined))
      warnings.push(otherWarning('gguf: mirostat replaces top-k/top-p truncation; topK/topP were not applied'));
    const k = clampTopK(this.capabilities, p.logprobs);
    const out = await decode(this.core, {
      messages: req.messages,
      maxTokens: p.maxTokens ?? this.core.contextSize,
      temperature: p.temperature ?? 1,
      ...(p.topK !== undefined ? { topK: p.topK } : {}),
      ...(p.topP !== undefined ? { topP: p.topP } : {}),
      ...(p.mirostat !== undefined ? { mirostat: p.mirostat } : {}),
      seed: p.seed ?? this.defaultSeed ?? randomSeed(),
      bias,
      stop: p.stop ?? [],
      alternatives: k ?? 0,
      ...(req.signal !== undefined ? { signal: req.signal } : {}),
    });
    warnings.push(...out.warnings);
    // the decoded text is raw: reasoning, if the model writes any, is in it
    const answer = toAnswer('gguf', {
      content: out.text,
      usage: { inputTokens: out.promptTokens, outputTokens: out.steps.filter((s) => s.token >= 0).length },
      finishReason: out.finishReason,
      ...(k !== undefined ? { logprobs: toLogprobs(out, k) } : {}),
    }, { ...(this.rawText ? { rawText: true } : {}), budgetFix: 'raise generation.maxTokens' }, warnings);
    return { ...answer, cached: false };
  }

  /** Step-wise decoding with a controller (see stepwise.ts); the ability wrappers forward. */
  stepwise(opts: StepwiseOptions): Promise<StepwiseResult> {
    return stepwiseOnCore(this.core, opts, this.defaultSeed);
  }

  dispose(): Promise<void> {
    return this.core.dispose();
  }
}

/** One entry per generated token (end-of-generation tokens included), with k alternatives. */
function toLogprobs(out: DecodeOutcome, k: number): TokenLogprob[] {
  return out.steps
    .filter((s) => s.token >= 0)
    .map((s) => {
      const t: TokenLogprob = { token: s.text, logprob: s.logprob };
      if (k > 0) t.top = s.top.slice(0, k).map((e) => ({ token: e.text, logprob: Math.log(e.prob) }));
      return t;
    });
}
