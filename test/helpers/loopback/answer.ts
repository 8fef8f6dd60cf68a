/** A protocol-neutral scripted answer; each protocol server encodes it in its wire format. */
export interface Answer {
  text: string;
  /**
   * How the answer ended, each server in its own words: `filter` is OpenAI content_filter /
   * Gemini SAFETY; `refusal` is Anthropic stop_reason refusal (OpenAI puts `refusal` apart).
   */
  finish?: 'stop' | 'length' | 'filter' | 'refusal';
  /** OpenAI `message.refusal` (sent beside the text) */
  refusal?: string;
  /**
   * reasoning in the server's own field: OpenAI-style `reasoning_content` (or `reasoning` with
   * reasoningField), Anthropic thinking block, Gemini thought part, Ollama message.thinking
   */
  reasoning?: string;
  /** OpenAI-compatible: the field name vLLM ≥ 0.10 uses ('reasoning') instead of 'reasoning_content' */
  reasoningField?: 'reasoning' | 'reasoning_content';
  /** Anthropic: a redacted_thinking block besides */
  redactedThinking?: boolean;
  /** OpenAI usage.completion_tokens_details.reasoning_tokens / Gemini thoughtsTokenCount */
  reasoningTokens?: number;
  /** leave usage out (OpenAI stream without the usage chunk, Gemini without usageMetadata) */
  noUsage?: boolean;
  /** Gemini: a candidate with no parts at all (stopped while thinking) */
  noParts?: boolean;
  inputTokens?: number;
  outputTokens?: number;
  /** per-token logprobs with alternatives */
  logprobs?: { token: string; logprob: number; top?: { token: string; logprob: number }[] }[];
}

/** Decides the answer from the last user text and the parsed request body. */
export type Responder = (prompt: string, body: Record<string, unknown>) => Answer;

/** Default: "echo: <prompt>", with token counts = word counts. */
export const echo: Responder = (prompt) => ({
  text: `echo: ${prompt}`,
  finish: 'stop',
  inputTokens: prompt.split(/\s+/).filter(Boolean).length,
  outputTokens: prompt.split(/\s+/).filter(Boolean).length + 1,
});

export function lastUserText(messages: unknown): string {
  if (!Array.isArray(messages)) return '';
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as { role?: unknown; content?: unknown; parts?: { text?: unknown }[] };
    if (m.role === 'user') {
      if (typeof m.content === 'string') return m.content;
      if (Array.isArray(m.parts)) return m.parts.map((p) => String(p.text ?? '')).join('');
    }
  }
  return '';
}
