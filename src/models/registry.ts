/**
 * The providers as the library and `slant init` list them, with their default capabilities (which
 * loads every provider's code once; making a model loads only its own, src/models/create-model.ts).
 */
import { providerCapabilities, providerManifests, resolveProviderCapabilities } from './providers.js';
import { NO_CAPABILITIES, type Capabilities } from './types.js';

export type { ProviderOptions } from './http.js';

export { getDefaultScheduler } from '../runtime/scheduler.js';

// the provider list answers synchronously with each provider's default capabilities
await resolveProviderCapabilities();

export interface ProviderInfo {
  name: string;
  idForm: string;
  capabilities: Capabilities;
  /** environment variables read (keys and base URLs) */
  env: string[];
}

/** Providers with their id form, default capabilities and the env vars they read. */
export function listProviders(): ProviderInfo[] {
  return providerManifests().map((p) => ({ name: p.name, idForm: p.idForm, capabilities: { ...(providerCapabilities(p.name) ?? NO_CAPABILITIES) }, env: [...p.env] }));
}

export { createModel, parseModelId } from './create-model.js';
