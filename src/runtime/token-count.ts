/**
 * Input tokens of a request before it is sent, for the cost plan and the budget: counted with the
 * model's own tokenizer where slant has one (OpenAI's o200k_base / cl100k_base, shipped inside
 * js-tiktoken; counted piece by piece, each distinct piece encoded once: src/models/openai/tokenizer.ts),
 * else estimated at 4 characters a token and marked as an estimate.
 */
import { encodingFor, tokenCounter } from '../models/openai/tokenizer.js';
import type { ChatMessage } from '../models/types.js';

/** OpenAI's chat format adds about 3 tokens per message and 3 to prime the answer. */
const PER_MESSAGE = 3;
const PER_REQUEST = 3;
/** The estimate for models without a tokenizer in slant: about 4 characters a token in English. */
const CHARS_PER_TOKEN = 4;

interface TokenCount {
  tokens: number;
  /** counted with the model's tokenizer (false: estimated) */
  exact: boolean;
}

/** The tokenizer slant has for this model id (`openai:gpt-4o-mini`), if any. */
function encodingOf(modelId: string): ReturnType<typeof encodingFor> {
  const [provider, ...rest] = modelId.split(':');
  if (provider !== 'openai') return undefined;
  return encodingFor(rest.join(':'));
}

export const estimateTokens = (text: string): number => Math.ceil(text.length / CHARS_PER_TOKEN);

export async function countInputTokens(modelId: string, messages: readonly ChatMessage[]): Promise<TokenCount> {
  const enc = encodingOf(modelId);
  if (enc === undefined) return { tokens: messages.reduce((n, m) => n + estimateTokens(m.content) + PER_MESSAGE, PER_REQUEST), exact: false };
  const count = await tokenCounter(enc);
  return { tokens: messages.reduce((n, m) => n + count(m.content) + PER_MESSAGE, PER_REQUEST), exact: true };
}
