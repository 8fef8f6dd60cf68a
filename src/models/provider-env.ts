/**
 * The environment variables each provider reads (keys and base URLs), from the provider manifests
 * alone, so that code which only needs the names (the config's credential check, config/secrets.ts)
 * does not load every provider and its HTTP client.
 */
import { providerManifest } from './providers.js';

/** A provider's environment variables (undefined: a provider this slant does not know). */
export const providerEnv = (provider: string): readonly string[] | undefined => providerManifest(provider)?.env;
