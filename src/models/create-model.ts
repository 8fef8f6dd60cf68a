import type { LanguageModel } from './types.js';
import { createBuiltinModel } from './builtin/index.js';

/**
 * Model ids are "<provider>:<model>". Built-in reference systems are created here directly so the
 * offline path never loads provider code; every other id goes through the provider registry.
 */
export async function createModel(id: string, options: Record<string, unknown> = {}): Promise<LanguageModel> {
  if (id.startsWith('builtin:')) return createBuiltinModel(id);
  const { createModel: createProviderModel } = await import('./registry.js');
  return createProviderModel(id, options);
}
