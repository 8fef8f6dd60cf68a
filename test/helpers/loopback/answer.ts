/** A protocol-neutral scripted answer; each protocol server encodes it in its wire format. */
export interface Answer {
  text: string;
  finish?: 'stop' | 'length';
  /** OpenAI `message.refusal` (sent beside the text) */
  refusal?: string;
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
