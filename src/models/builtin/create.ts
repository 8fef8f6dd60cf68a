/** Parse built-in model ids: builtin:lead-<k> (builtin:lead = lead-3), builtin:textrank[-<k>]. */
import { UserError } from '../../core/errors.js';
import type { LanguageModel } from '../types.js';
import { LeadModel } from './lead.js';
import { TextRankModel } from './textrank.js';

export const BUILTIN_MODEL_IDS = ['builtin:lead-3', 'builtin:lead-<k>', 'builtin:textrank', 'builtin:textrank-<k>'] as const;

const ID_RE = /^builtin:(lead|textrank)(?:-([1-9]\d{0,3}))?$/;

export function createBuiltinModel(id: string): LanguageModel {
  const m = ID_RE.exec(id.trim());
  if (m === null) {
    throw new UserError(`unknown built-in model "${id}"; valid ids: ${BUILTIN_MODEL_IDS.join(', ')} (k a positive integer, at most 9999)`);
  }
  const k = m[2] === undefined ? 3 : Number(m[2]);
  return m[1] === 'lead' ? new LeadModel(k) : new TextRankModel(k);
}
