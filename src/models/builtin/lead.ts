/** Lead-k baseline: the first k sentences of the document. */
import { splitSentences } from '../../text/sentences.js';
import { NO_CAPABILITIES, type Capabilities, type GenerateRequest, type GenerateResult, type LanguageModel } from '../types.js';
import { readTask, result } from './common.js';

/** The first `k` sentences of `text`, joined by single spaces. */
export function leadK(text: string, k: number): string {
  return splitSentences(text).slice(0, k).join(' ');
}

export class LeadModel implements LanguageModel {
  readonly provider = 'builtin';
  readonly version = '1';
  readonly capabilities: Capabilities = NO_CAPABILITIES;
  readonly id: string;

  constructor(readonly k = 3) {
    if (!Number.isInteger(k) || k < 1) throw new RangeError(`lead-k needs a positive integer k, got ${k}`);
    this.id = `builtin:lead-${k}`;
  }

  async generate(req: GenerateRequest): Promise<GenerateResult> {
    const { input, warnings } = readTask(this.id, req);
    return result(leadK(input, this.k), warnings);
  }
}
