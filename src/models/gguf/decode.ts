/**
 * The decoding loop shared by generate() and decodeStepwise(): evaluate the prompt(s), then per
 * step read the full logits of one or two sequences (evaluated in the same llama.cpp batch), add
 * the logit bias, ask the controller (if any), pick the next token in JS, check the stops.
 * Without an aux sequence the controller may run greedy side generations in the second sequence
 * (StepTools.sideGenerate); the main sequence's context is untouched.
 */
import { UserError } from '../../core/errors.js';
import type { ChatMessage, Warning } from '../types.js';
import { otherWarning } from '../warnings.js';
import { asToken, asTokens, type GgufCore, type LlamaSequence } from './core.js';
import { Mirostat, type MirostatSpec, type MirostatTrace } from './mirostat.js';
import { createRng } from '../../stats/rng.js';
import { mirostatTemperature } from '../stepwise.js';
import { ContextOverflowError } from '../context-overflow.js';
import { argmax, logSumExp, samplePlain, topTokens } from './sampler.js';
import type { StepController, StepDecision, StepRecord, StepState, StepTools, StepVocabulary, TopEntry } from './step-types.js';

interface DecodeSpec {
  messages: readonly ChatMessage[];
  /** a second sequence advanced with the same tokens (e.g. the prompt with a bias-inducing prefix) */
  auxMessages?: readonly ChatMessage[];
  maxTokens: number;
  /** 0 = greedy */
  temperature: number;
  topK?: number;
  topP?: number;
  mirostat?: MirostatSpec;
  seed: number;
  /** token id → logit bias, applied to both sequences */
  bias: Map<number, number>;
  stop: readonly string[];
  /** how many alternatives to record per step */
  alternatives: number;
  controller?: StepController;
  signal?: AbortSignal;
}

export interface DecodeOutcome {
  text: string;
  tokens: number[];
  steps: StepRecord[];
  finishReason: 'stop' | 'length';
  promptTokens: number;
  auxPromptTokens?: number;
  side: { calls: number; inputTokens: number; outputTokens: number };
  warnings: Warning[];
}

const piecesByCore = new WeakMap<GgufCore, string[]>();

/** The text of every token on its own (memoised per loaded model). */
function tokenPieces(core: GgufCore): string[] {
  let p = piecesByCore.get(core);
  if (p === undefined) {
    const { model } = core;
    // decoded after a plain-letter context so that a leading-space marker (▁, Ġ) becomes ' '
    const ctx = model.tokenize('a', false, 'trimLeadingSpace');
    const ctxText = model.detokenize(ctx, false);
    p = Array.from({ length: core.vocab }, (_, t) => {
      const full = model.detokenize([...ctx, asToken(t)], false);
      return full.startsWith(ctxText) ? full.slice(ctxText.length) : model.detokenize([asToken(t)], false);
    });
    piecesByCore.set(core, p);
  }
  return p;
}

function vocabularyOf(core: GgufCore): StepVocabulary {
  return {
    size: core.vocab,
    tokenize: (text) => Array.from(core.model.tokenize(text, false, 'trimLeadingSpace'), Number),
    pieces: () => tokenPieces(core),
  };
}

/** Tokens still to evaluate so that the sequence holds `tokens`, reusing the cached common prefix. */
async function prime(seq: LlamaSequence, tokens: number[]): Promise<number[]> {
  const { firstDifferentIndex } = seq.compareContextTokens(asTokens(tokens));
  const keep = Math.min(firstDifferentIndex, tokens.length - 1);
  if (seq.nextTokenIndex > keep) await seq.eraseContextTokenRanges([{ start: keep, end: seq.nextTokenIndex }]);
  return tokens.slice(keep);
}

/** Evaluate `pending` and return the next-token logits as a vector over the vocabulary. */
async function evalLogits(seq: LlamaSequence, pending: number[], vocab: number): Promise<Float64Array> {
  const last = pending.at(-1);
  if (last === undefined) throw new Error('gguf: nothing to evaluate');
  const out = await seq.controlledEvaluate([...asTokens(pending.slice(0, -1)), [asToken(last), { generateNext: { logits: true } }]]);
  const logits = out.at(-1)?.next.logits;
  if (logits === undefined) throw new Error('gguf: llama.cpp returned no logits');
  const z = new Float64Array(vocab).fill(-Infinity);
  for (const [t, l] of logits) if (t < vocab) z[t] = l;
  return z;
}

function addBias(z: Float64Array, bias: Map<number, number>): void {
  for (const [t, b] of bias) if (t < z.length) z[t] = (z[t] as number) + b;
}

function aborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw signal.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted', 'AbortError');
}

function applyDecision(z: Float64Array, d: StepDecision): void {
  if (d.kind === 'shift') {
    if (d.logits.length !== z.length) throw new UserError(`step controller: a shift of ${d.logits.length} values for a vocabulary of ${z.length}`);
    for (let t = 0; t < z.length; t++) z[t] = (z[t] as number) + (d.logits[t] as number);
  }
  if (d.kind === 'forbid') for (const t of d.tokens) if (t >= 0 && t < z.length) z[t] = -Infinity;
  if (d.kind === 'reweight')
    for (const [t, w] of d.weights) {
      if (t < 0 || t >= z.length) continue;
      if (!(w >= 0)) throw new UserError(`step controller: weight ${w} for token ${t} is not a non-negative number`);
      z[t] = w === 0 ? -Infinity : (z[t] as number) + Math.log(w);
    }
}

export async function decode(core: GgufCore, spec: DecodeSpec): Promise<DecodeOutcome> {
  return core.exclusive(async () => {
    const { model, vocab } = core;
    const warnings: Warning[] = [];
    const main = core.template.render(spec.messages);
    const aux = spec.auxMessages === undefined ? undefined : core.template.render(spec.auxMessages);
    for (const [name, p] of [['prompt', main], ['aux prompt', aux]] as const) {
      if (p === undefined) continue;
      if (p.tokens.length === 0) throw new UserError(`gguf: the ${name} is empty`);
      if (p.tokens.length >= core.contextSize)
        throw new ContextOverflowError(`gguf: the ${name} is ${p.tokens.length} tokens but the context holds ${core.contextSize}; raise contextSize or shorten the input`);
    }
    const [seqMain, seqAux] = core.sequences;
    let pendingMain = await prime(seqMain, main.tokens);
    let pendingAux = aux === undefined ? undefined : await prime(seqAux, aux.tokens);

    const stopStrings = [...new Set([...main.stopStrings, ...spec.stop])].filter((s) => s !== '');
    const stopTokens = new Set(main.stopTokens);
    const maxStop = Math.max(0, ...stopStrings.map((s) => s.length));
    const rng = createRng(spec.seed);
    const miro = spec.mirostat === undefined ? undefined : new Mirostat(spec.mirostat, mirostatTemperature(spec.temperature));
    const tokens: number[] = [];
    const steps: StepRecord[] = [];
    let text = '';
    let finishReason: DecodeOutcome['finishReason'] = 'length';

    const side = { calls: 0, inputTokens: 0, outputTokens: 0 };
    const tools: StepTools = {
      sideGenerate: async (messages, o) => {
        if (aux !== undefined) throw new Error('step controller: sideGenerate needs the aux slot, but this decode has an aux sequence');
        const r = core.template.render(messages);
        if (r.tokens.length + o.maxTokens >= core.contextSize) throw new ContextOverflowError(`gguf: a side generation of ${r.tokens.length} prompt tokens does not fit the context (${core.contextSize})`);
        let pending = await prime(seqAux, r.tokens);
        const stops = [...new Set([...r.stopStrings, ...(o.stop ?? [])])].filter((x) => x !== '');
        const out: number[] = [];
        let sideText = '';
        for (let i = 0; i < o.maxTokens; i++) {
          const z = await evalLogits(seqAux, pending, vocab);
          const t = argmax(z);
          if (t < 0 || model.isEogToken(asToken(t)) || r.stopTokens.includes(t)) break;
          out.push(t);
          sideText = model.detokenize(asTokens(out), false);
          const cut = stops.map((x) => sideText.indexOf(x)).filter((i2) => i2 >= 0);
          if (cut.length > 0) {
            sideText = sideText.slice(0, Math.min(...cut));
            break;
          }
          pending = [t];
        }
        side.calls++;
        side.inputTokens += r.tokens.length;
        side.outputTokens += out.length;
        return { text: sideText, inputTokens: r.tokens.length, outputTokens: out.length };
      },
    };
    if (spec.controller?.prepare !== undefined) await spec.controller.prepare(vocabularyOf(core));

    const context = (): number[] => [...main.tokens.slice(-8), ...tokens].slice(-8);
    const tops = (z: Float64Array, lse: number): TopEntry[] =>
      topTokens(z, spec.alternatives).map((c) => ({ token: c.token, logit: c.logit, prob: Math.exp(c.logit - lse), text: model.detokenize([asToken(c.token)], false, asTokens(context())) }));

    for (let step = 0; step < spec.maxTokens; step++) {
      aborted(spec.signal);
      const [zMain, zAux] = await Promise.all([
        evalLogits(seqMain, pendingMain, vocab),
        pendingAux === undefined ? Promise.resolve(undefined) : evalLogits(seqAux, pendingAux, vocab),
      ]);
      addBias(zMain, spec.bias);
      if (zAux !== undefined) addBias(zAux, spec.bias);
      const lseMain = logSumExp(zMain);
      const lseAux = zAux === undefined ? 0 : logSumExp(zAux);
      const topMain = tops(zMain, lseMain);
      const topAux = zAux === undefined ? undefined : tops(zAux, lseAux);

      let decision: StepDecision = { kind: 'sample' };
      if (spec.controller !== undefined) {
        const state: StepState = { step, tokens: tokens.slice(), text, topK: topMain, logZ: lseMain, logits: zMain.slice() };
        const auxState: StepState | undefined =
          zAux === undefined || topAux === undefined ? undefined : { step, tokens: tokens.slice(), text, topK: topAux, logZ: lseAux, logits: zAux.slice() };
        decision = await spec.controller.onStep(state, auxState, tools);
      }
      if (decision.kind === 'stop') {
        steps.push({ step, token: -1, text: '', logprob: 0, decision: 'stop', top: topMain, ...(topAux ? { auxTop: topAux } : {}), ...(decision.note !== undefined ? { note: decision.note } : {}) });
        finishReason = 'stop';
        break;
      }
      let token: number;
      let trace: MirostatTrace | undefined;
      if (decision.kind === 'choose') {
        if (!Number.isInteger(decision.token) || decision.token < 0 || decision.token >= vocab)
          throw new UserError(`step controller chose token ${decision.token}, which is not a token id of this model (0..${vocab - 1})`);
        token = decision.token;
      } else {
        const z = zMain.slice();
        applyDecision(z, decision);
        if (miro !== undefined) {
          const r = miro.pick(z, rng);
          token = r.token;
          trace = r.trace;
        } else {
          token = samplePlain(z, { temperature: spec.temperature, ...(spec.topK !== undefined ? { topK: spec.topK } : {}), ...(spec.topP !== undefined ? { topP: spec.topP } : {}) }, rng);
        }
      }
      const pieceText = model.detokenize([asToken(token)], false, asTokens(context()));
      steps.push({
        step,
        token,
        text: pieceText,
        logprob: (zMain[token] as number) - lseMain,
        decision: decision.kind,
        top: topMain,
        ...(topAux !== undefined && zAux !== undefined ? { auxTop: topAux, auxLogprob: (zAux[token] as number) - lseAux } : {}),
        ...(trace !== undefined ? { mirostat: trace } : {}),
        ...(decision.note !== undefined ? { note: decision.note } : {}),
      });
      if (model.isEogToken(asToken(token)) || stopTokens.has(token)) {
        finishReason = 'stop';
        break;
      }
      tokens.push(token);
      const before = text.length;
      text = model.detokenize(asTokens(tokens), false);
      if (stopStrings.length > 0) {
        const from = Math.max(0, before - maxStop);
        let cut = -1;
        for (const s of stopStrings) {
          const i = text.indexOf(s, from);
          if (i >= 0 && (cut < 0 || i < cut)) cut = i;
        }
        if (cut >= 0) {
          text = text.slice(0, cut);
          finishReason = 'stop';
          break;
        }
      }
      if (tokens.length >= spec.maxTokens) break;
      if (seqMain.nextTokenIndex + 1 >= core.contextSize || (pendingAux !== undefined && seqAux.nextTokenIndex + 1 >= core.contextSize)) {
        warnings.push(otherWarning(`gguf: the context (${core.contextSize} tokens) is full; the answer was cut after ${tokens.length} tokens`));
        break;
      }
      pendingMain = [token];
      if (pendingAux !== undefined) pendingAux = [token];
    }
    return {
      text,
      tokens,
      steps,
      finishReason,
      promptTokens: main.tokens.length,
      ...(aux !== undefined ? { auxPromptTokens: aux.tokens.length } : {}),
      side,
      warnings,
    };
  });
}
