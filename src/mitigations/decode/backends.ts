/**
 * Which backends can run a decoding mitigation, exactly (the step-wise ability: in-process
 * gguf), partly (a static logit bias: llama.cpp server by string, OpenAI by token id through
 * js-tiktoken; native mirostat: llama.cpp server), or not at all (say why).
 */
import { encodingFor, loadEncoding } from '../../models/openai/tokenizer.js';
import type { GenerateParams, LanguageModel } from '../../models/types.js';
import type { Applicability } from '../types.js';

export const hasStepwise = (model: LanguageModel): boolean => typeof model.stepwise === 'function';

export function needsStepwise(model: LanguageModel, title: string, what: string): Applicability {
  if (hasStepwise(model)) return { ok: true };
  return { ok: false, reason: `${title} needs step-wise decoding (${what}); ${model.provider} models (${model.id}) do not offer it. Use an in-process gguf:<file> model.` };
}

/** Exact with step-wise decoding; approximated (`note`) where a static logit bias by word is possible; else not applicable. */
export function stepwiseOrWordBias(model: LanguageModel, title: string, note: (b: BiasBackend) => string): Applicability {
  if (hasStepwise(model)) return { ok: true };
  const b = biasBackend(model);
  if (b === undefined) return { ok: false, reason: `${title} needs step-wise decoding or a logit bias by word; ${model.provider} models (${model.id}) have neither` };
  return { ok: true, approximations: [note(b)] };
}

type Encoding = NonNullable<ReturnType<typeof encodingFor>>;

type BiasBackend = { kind: 'string'; provider: string } | { kind: 'openai-token-id'; encoding: Encoding };

/** How this model takes a static logit bias over words, if at all. */
export function biasBackend(model: LanguageModel): BiasBackend | undefined {
  const lb = model.capabilities.logitBias;
  if (lb === false) return undefined;
  if (model.provider === 'openai') {
    const encoding = encodingFor(model.id.replace(/^openai:/, ''));
    return encoding === undefined ? undefined : { kind: 'openai-token-id', encoding };
  }
  if (lb === 'string' || lb === 'both') return { kind: 'string', provider: model.provider };
  return undefined;
}

const oneTokenMemo = new Map<Encoding, Promise<(word: string) => readonly string[]>>();

/**
 * The token ids of a word as written and after a space, of those that are one token. Remembered per
 * word: each record of a run biases the same word lists (the negative words), and encoding them
 * again per record was most of a decoding mitigation's CPU (the cost plan's too).
 */
function oneTokenIds(encoding: Encoding): Promise<(word: string) => readonly string[]> {
  let p = oneTokenMemo.get(encoding);
  if (p === undefined) {
    p = loadEncoding(encoding).then((enc) => {
      const known = new Map<string, readonly string[]>();
      return (word) => {
        let ids = known.get(word);
        if (ids === undefined) {
          ids = [word, ` ${word}`].map((v) => enc.encode(v, [], [])).filter((x) => x.length === 1).map((x) => String(x[0]));
          if (known.size >= 100_000) known.clear();
          known.set(word, ids);
        }
        return ids;
      };
    });
    oneTokenMemo.set(encoding, p);
  }
  return p;
}

/** OpenAI rejects a logit_bias with more than 300 tokens. */
const OPENAI_LOGIT_BIAS_LIMIT = 300;

interface StaticBias {
  logitBias: NonNullable<GenerateParams['logitBias']>;
  /** words left out (OpenAI: more than one token, or over the 300-token limit) */
  dropped: number;
  /** words biased */
  used: number;
}

/**
 * A logit bias of ln(weight) on each word, for the whole answer. Words come in priority order
 * (the first ones are kept when OpenAI's limit is reached). By string (llama.cpp server): the server
 * biases every token of the string. By token id (OpenAI): only words that are one token, as written
 * and after a space.
 */
export async function staticWordBias(backend: BiasBackend, words: readonly { word: string; weight: number }[]): Promise<StaticBias> {
  if (backend.kind === 'string') {
    const byString: Record<string, number> = {};
    for (const { word, weight } of words) byString[word] = (byString[word] ?? 0) + Math.log(weight);
    return { logitBias: { byString }, dropped: 0, used: Object.keys(byString).length };
  }
  const oneToken = await oneTokenIds(backend.encoding);
  const byTokenId: Record<string, number> = {};
  let biased = 0;
  let used = 0;
  let dropped = 0;
  for (const { word, weight } of words) {
    const ids = oneToken(word);
    const fresh = ids.filter((id) => byTokenId[id] === undefined);
    if (ids.length === 0 || biased + fresh.length > OPENAI_LOGIT_BIAS_LIMIT) {
      dropped++;
      continue;
    }
    biased += fresh.length;
    for (const id of ids) byTokenId[id] = (byTokenId[id] ?? 0) + Math.log(weight);
    used++;
  }
  return { logitBias: { byTokenId }, dropped, used };
}

export function staticBiasNote(backend: BiasBackend, b: StaticBias): string {
  return backend.kind === 'string'
    ? `${backend.provider}: a static string logit bias over the whole answer instead of per-step weights (every token of a multi-token word is biased); ${b.used} words`
    : `OpenAI: a static token-id logit bias over the whole answer instead of per-step weights; only one-token words (${backend.encoding}), at most ${OPENAI_LOGIT_BIAS_LIMIT} tokens: ${b.used} words biased, ${b.dropped} left out`;
}
