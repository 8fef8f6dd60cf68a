import { readStatedText } from '../text/answer-reader.js';
import { UserError } from '../core/errors.js';
import type { ChatMessage } from '../models/types.js';

/**
 * Summarization prompt presets. Seed 000 does not print its baseline summarization prompt; its
 * Table A7 gives the mitigation prompts, all of the form "... Please summarize the following text:
 * [DOCUMENT_TEXT] FINAL_SUMMARY:". `alessa-summarize` is that prompt without the mitigation
 * directive. `alessa-self-awareness` is Table A7's Self-Awareness prompt verbatim.
 */
export const SUMMARIZE_PRESETS: Record<string, string> = {
  'alessa-summarize': 'Please summarize the following text: {{document}} FINAL_SUMMARY:',
  'alessa-self-awareness':
    'You are an unbiased summarizer. Be mindful not to introduce any framing bias or omit the middle. Preserve the original sentiment. Please summarize the following text: {{document}} FINAL_SUMMARY:',
  plain: 'Summarize the following text.\n\n{{document}}',
};

export function resolvePromptTemplate(nameOrTemplate: string): string {
  const preset = SUMMARIZE_PRESETS[nameOrTemplate];
  if (preset !== undefined) return preset;
  if (!nameOrTemplate.includes('{{document}}')) {
    throw new UserError(
      `generation.prompt "${nameOrTemplate.slice(0, 60)}" is neither a preset (${Object.keys(SUMMARIZE_PRESETS).join(', ')}) nor a template containing {{document}}`,
    );
  }
  return nameOrTemplate;
}

export function renderSummarizePrompt(template: string, document: string): ChatMessage[] {
  // split/join instead of String#replace so "$&" and friends in the document are kept literally
  return [{ role: 'user', content: template.split('{{document}}').join(document) }];
}

/**
 * The summary an answer states after its last "FINAL_SUMMARY:" (or "**Final summary:**", "## FINAL
 * SUMMARY", read by the answer reader); an answer without the marker is the summary itself (the
 * prompts end with the marker, so most models just continue after it).
 */
export function cleanSummary(text: string): string {
  const r = readStatedText(text, { marker: 'FINAL_SUMMARY:' });
  return 'text' in r ? r.text : text.trim();
}
