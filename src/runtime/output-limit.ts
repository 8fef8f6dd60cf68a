/**
 * The most output tokens a request can take: its own token limit; else what its provider sends
 * when it sets none (its manifest's defaultMaxTokens: Anthropic's API needs one, slant sends 4,096); else the model's largest
 * answer (output-limits.json, from the providers' model pages). A request without any of these
 * (a model the table does not know) has no bound. The cost plan's upper price and the budget's
 * reservations both read this.
 */
import { providerManifest } from '../models/providers.js';
import asset from './output-limits.json' with { type: 'json' };
import { lookupModel } from './model-table.js';

export const OUTPUT_LIMITS_AS_OF: string = asset.asOf;

const MAX_OUTPUT: Readonly<Record<string, number>> = asset.maxOutputTokens;

interface OutputBound {
  tokens: number;
  /** where the bound comes from: the request's limit, the provider's default limit, or the model's largest answer */
  from: 'request' | 'provider-default' | 'model-max';
}

export function outputBound(modelId: string, provider: string, maxTokens: number | undefined): OutputBound | undefined {
  if (maxTokens !== undefined) return { tokens: maxTokens, from: 'request' };
  const providerDefault = providerManifest(provider)?.defaultMaxTokens;
  if (providerDefault !== undefined) return { tokens: providerDefault, from: 'provider-default' };
  const max = lookupModel(MAX_OUTPUT, modelId);
  return max === undefined ? undefined : { tokens: max, from: 'model-max' };
}
