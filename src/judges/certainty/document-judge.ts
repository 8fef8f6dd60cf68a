import type { LanguageModel } from '../../models/types.js';
import { withLocalTokenLimit } from '../local-token-limit.js';
import { CLAIM_ALIGN_PROMPT_ID, parseClaimAlignment, renderClaimAlignMessages } from './claim-align-prompt.js';
import type { CertaintyComparator, PairJudgement } from './types.js';

/**
 * Document-level certainty comparison (seed 004 §5, App. G): align the main finding of the source
 * with its counterpart in the rewrite (`slant-claim-align-v1`, T = 0), then compare the two claims
 * with the sentence-level comparator (the Figure 24 judge, both orders). A finding the rewrite
 * dropped is labelled 'dropped' (counted apart, never a certainty shift); an unreadable alignment
 * is 'invalid'.
 */
export class DocumentCertaintyComparator implements CertaintyComparator {
  readonly id: string;
  readonly version: string;

  constructor(
    private readonly aligner: LanguageModel,
    private readonly claims: CertaintyComparator,
    private readonly opts: { maxTokens?: number } = {},
  ) {
    this.id = `certainty-document:${aligner.id}/${claims.id}`;
    this.version = `${CLAIM_ALIGN_PROMPT_ID}/${aligner.version}/${claims.version}`;
  }

  async compare(original: string, modified: string, o: { signal?: AbortSignal } = {}): Promise<PairJudgement> {
    const res = await this.aligner.generate({
      messages: renderClaimAlignMessages(original, modified),
      params: withLocalTokenLimit(this.aligner, { temperature: 0, ...(this.opts.maxTokens !== undefined ? { maxTokens: this.opts.maxTokens } : {}) }, 'explained'),
      task: { kind: 'certainty-claim-align', input: `${original}\n\n${modified}` },
      ...(o.signal ? { signal: o.signal } : {}),
    });
    const a = parseClaimAlignment(res.text);
    if ('unreadable' in a) return { label: 'invalid', judgeLabel: 'invalid', calls: [], alignment: { raw: res.text, unreadable: a.unreadable } };
    if (a.output === null) return { label: 'dropped', judgeLabel: 'dropped', calls: [], alignment: { sourceClaim: a.source, outputClaim: null } };
    const j = await this.claims.compare(a.source, a.output, o);
    return { ...j, alignment: { sourceClaim: a.source, outputClaim: a.output } };
  }
}
