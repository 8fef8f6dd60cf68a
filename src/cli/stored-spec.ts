import { z } from 'zod';
import { configSchema, datasetSchema, judgesSchema, probeEntrySchema } from '../config/schema.js';

/**
 * What a run stores as its config, so `slant run --resume` can rebuild the same plan
 * whether the run came from `slant run`, `slant demo` or `slant measure`.
 */
const storedSpecSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('run'), baseDir: z.string(), config: configSchema }),
  z.object({
    kind: z.literal('measure'),
    baseDir: z.string(),
    store: z.string(),
    reports: z.string(),
    concurrency: z.number().int().positive(),
    probes: z.array(probeEntrySchema),
    dataset: datasetSchema,
    judges: judgesSchema,
    output: z.string().optional(),
    /** group label for records without a model field (the model under test, when given) */
    label: z.string().optional(),
  }),
]);
export type StoredSpec = z.infer<typeof storedSpecSchema>;

/**
 * A stored run's spec, parsed after its plugins are loaded (its config names the probes,
 * providers, judges and mitigations they add; they are found again from the run's folder).
 */
export async function parseStoredSpec(configJson: string, runId: string): Promise<ReturnType<typeof storedSpecSchema.safeParse>> {
  const raw = JSON.parse(configJson) as { baseDir?: unknown; config?: { plugins?: unknown } };
  if (Array.isArray(raw.config?.plugins) && typeof raw.baseDir === 'string') {
    const { loadPlugins } = await import('../plugins/load.js');
    await loadPlugins(raw.config.plugins as string[], raw.baseDir, `run ${runId}: plugins`);
  }
  return storedSpecSchema.safeParse(raw);
}
