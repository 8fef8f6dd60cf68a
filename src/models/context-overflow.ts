/**
 * A request longer than the model's context window. It is the record's problem, not the run's:
 * the pipeline records that record's output as invalid (with this reason, counted) and goes on.
 * Thrown by the in-process GGUF decoder; an HTTP provider's answer that says so (llama.cpp's
 * "exceeds the available context size", OpenAI's context_length_exceeded) is a ProviderHttpError
 * with `contextOverflow` set.
 */
export class ContextOverflowError extends Error {
  readonly contextOverflow = true;
  constructor(message: string) {
    super(message);
    this.name = 'ContextOverflowError';
  }
}

/** Whether `err` says that a request did not fit the model's context window. */
export function isContextOverflow(err: unknown): err is Error & { contextOverflow: true } {
  return err instanceof Error && (err as { contextOverflow?: unknown }).contextOverflow === true;
}

/** The reason an invalid output is recorded and counted under (src/core/exclusion-reasons.json). */
export const CONTEXT_OVERFLOW_REASON = 'context-overflow';
