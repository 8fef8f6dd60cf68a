/** Shared plumbing of the built-in extractive summarizers. */
import { UserError } from '../../core/errors.js';
import type { GenerateRequest, GenerateResult, Warning } from '../types.js';
import { otherWarning, setParams, unsupported } from '../warnings.js';

/** Task kinds an extract is a fair answer to. */
const SUMMARY_KINDS = new Set(['summarize', 'summarise', 'summary', 'summarization']);

/**
 * The document to summarize and the warnings every built-in reports: one 'unsupported-setting'
 * warning per decoding parameter set (extractive systems do not decode), and an 'other' warning
 * when the task is not a summary.
 */
export function readTask(modelId: string, req: GenerateRequest): { input: string; warnings: Warning[] } {
  req.signal?.throwIfAborted();
  if (req.task === undefined) {
    throw new UserError(
      `${modelId} is a built-in extractive summarizer: it reads the document from the task input, but the request has no task`,
      { hint: 'built-in summarizers need a task input (GenerateRequest.task.input), they do not read prompts' },
    );
  }
  // one warning per ignored setting (each names its setting), all with the same message so a
  // report lists the model once: "… ignores decoding settings (temperature, maxTokens, seed)"
  const ignored = setParams(req.params);
  const message = `${modelId} is an extractive system and ignores decoding settings (${ignored.join(', ')})`;
  const warnings: Warning[] = ignored.map((k) => unsupported(k, message));
  if (!SUMMARY_KINDS.has(req.task.kind)) {
    warnings.push(otherWarning(`${modelId} only summarizes; task "${req.task.kind}" was answered with an extract of the input`));
  }
  return { input: req.task.input, warnings };
}

export function result(text: string, warnings: Warning[]): GenerateResult {
  return { text, warnings, cached: false, finishReason: 'stop' };
}
