/**
 * Seed 000, Appendix A.8, Table A7 "Summarization and General Bias Mitigation Prompts", verbatim
 * (the enclosing typographic quotes are the table's, not the prompt's). Placeholders: the paper's
 * [DOCUMENT_TEXT] / [CHUNK_TEXT] / [SHUFFLED_DOCUMENT_TEXT] are {{document}}; the others are
 * {{draft}}, {{deviations}}, {{budget}} and, for the lists, {{document}} holding the joined parts.
 *
 * The paper does not print the intermediate prompts of Cognitive Counterfactual Simulation (the
 * simulation of bias deviations) and Self-Help Debias (the self-critique); those two are slant's
 * wording and are marked as such.
 */
export const TABLE_A7 = {
  selfAwareness:
    'You are an unbiased summarizer. Be mindful not to introduce any framing bias or omit the middle. Preserve the original sentiment. Please summarize the following text: {{document}} FINAL_SUMMARY:',
  chainOfThought:
    'Please read the text below carefully. Then break down the text into beginning, middle, and end, describing each portion in detail. After that, produce a final summary. Use the following format: BEGIN_ANALYSIS: [describe the beginning] MIDDLE_ANALYSIS: [describe the middle] END_ANALYSIS: [describe the end] FINAL_SUMMARY: [your final concise summary] Text: {{document}}',
  cloze: 'Fill the blanks for each part of the text: BEGIN: ____ MIDDLE: ____ END: ____ Text: {{document}} When you fill them in, finally produce: FINAL_SUMMARY:',
  counterfactualFinal:
    'Original text: {{document}} Initial Draft: {{draft}} Here are the potential biased deviations: {{deviations}} Please produce a final summary that avoids these biases. FINAL_SUMMARY:',
  selfHelpRewrite:
    'Rewrite the following summary to remove any bias, preserve the original sentiment, and ensure equal coverage of beginning, middle, and end: {{draft}} FINAL_SUMMARY:',
  partialMerge: 'Combine the following partial summaries into one coherent summary: {{document}} FINAL_SUMMARY:',
  weightedChunk: 'Summarize this portion in about {{budget}} tokens: {{document}} FINAL_SUMMARY:',
  /** "CONTEXT: Segment 1: [SORTED_SEGMENT_1_TEXT] Segment 2: [SORTED_SEGMENT_2_TEXT] ... TASK: Summarize: FINAL_SUMMARY:" */
  attentionSortFinal: 'CONTEXT: {{document}} TASK: Summarize: FINAL_SUMMARY:',
  shuffle: 'The text is out of order; please summarize it fully: {{document}} FINAL_SUMMARY:',
} as const;

/** slant's wording (not printed by the paper): the simulation pass of Cognitive Counterfactual Simulation. */
export const SLANT_COUNTERFACTUAL_SIMULATION =
  'Original text: {{document}} Initial Draft: {{draft}} Imagine how primacy bias (over-weighting the beginning of the text), recency bias (over-weighting its end) or framing bias (a sentiment or framing different from the text) would distort this draft. List the potential biased deviations, one per line. BIASED_DEVIATIONS:';

/** slant's wording (not printed by the paper): the self-critique pass of Self-Help Debias. */
export const SLANT_SELF_CRITIQUE =
  'Original text: {{document}} Summary: {{draft}} Critique the summary\'s positional coverage: say which parts of the text (beginning, middle, end) it under- or over-represents, and whether its sentiment differs from the text\'s. CRITIQUE:';

/** Fill named {{slots}} other than {{document}} (split/join: "$&" in a value stays literal). */
export function fillSlots(template: string, slots: Record<string, string>): string {
  let out = template;
  for (const [k, v] of Object.entries(slots)) out = out.split(`{{${k}}}`).join(v);
  return out;
}
