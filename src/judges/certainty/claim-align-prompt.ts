import type { ChatMessage } from '../../models/types.js';
import { readStatedText } from '../../text/answer-reader.js';

/**
 * slant's claim-alignment prompt for document-level certainty (seed 004 §5, App. G). The paper
 * does not print its document-level prompts (they are in the authors' repository), so this one is
 * slant's own, named `slant-claim-align-v1`: it identifies the main finding of the source and
 * quotes its counterpart in the rewrite, or NONE when the rewrite dropped it. The two quotes are
 * then compared with the Figure 24 judge in both orders. Not validated against humans; see
 * docs/probes/certainty.md for the synthetic check (`slant certainty synth-docs`, `validate-docs`).
 */
export const CLAIM_ALIGN_PROMPT_ID = 'slant-claim-align-v1';

const CLAIM_ALIGN_SYSTEM = `You align claims between two versions of a document. Document A is the original; Document B was written from it (a paraphrase, simplification or summary).
1. Identify the main finding of Document A: the sentence (or the shortest span of consecutive sentences) that states its central result or observation. Quote it verbatim.
2. Find the passage of Document B that states the same finding, even if reworded, hedged differently or merged with other content. Quote it verbatim. If Document B does not state that finding at all, write NONE.
Do not judge certainty; only locate the claims. Answer exactly in this form:
<source_claim>...</source_claim>
<output_claim>...</output_claim>`;

export function renderClaimAlignMessages(source: string, output: string): ChatMessage[] {
  return [
    { role: 'system', content: CLAIM_ALIGN_SYSTEM },
    { role: 'user', content: `Document A:\n${source}\n\nDocument B:\n${output}` },
  ];
}

/**
 * The two quotes (read with the answer reader: the tags, or JSON keys of the same names), `output:
 * null` when the rewrite dropped the finding; `{ unreadable }` with the reason otherwise.
 */
export function parseClaimAlignment(text: string): { source: string; output: string | null } | { unreadable: string } {
  const s = readStatedText(text, { tag: 'source_claim' });
  if ('unreadable' in s) return { unreadable: s.unreadable };
  const o = readStatedText(text, { tag: 'output_claim' });
  if ('unreadable' in o) return { unreadable: o.unreadable };
  return { source: s.text, output: /^\W*none\W*$/i.test(o.text) ? null : o.text };
}
