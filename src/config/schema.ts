import { z } from 'zod';
import { PROBE_NAMES, isKnownProbe } from '../probes/names.js';
import { registeredProbeNames } from '../probes/manifests.js';
import { ROLES, withRolesApplied } from './roles.js';
import { DATA_FORMATS, INPUT_FORMAT_NAMES } from './formats.js';

/** Formats the data layer reads (validate commands take these), and those an input may have (formats.ts). */
export const dataFormatSchema = z.enum(DATA_FORMATS);
export const inputFormatSchema = z.enum(INPUT_FORMAT_NAMES);

/**
 * A probe's name: a built-in probe or one a plugin registered (`plugins:`, loaded before the config
 * is parsed), worded as a closed list of names would be.
 */
const probeNameSchema = z.string().check((ctx) => {
  if (!isKnownProbe(ctx.value)) ctx.issues.push({ code: 'invalid_value', values: registeredProbeNames(), input: ctx.value, message: `Invalid option: expected one of ${registeredProbeNames().map((n) => JSON.stringify(n)).join('|')}` });
});

const modelIdSchema = z
  .string()
  .min(1)
  .regex(/^[a-z][a-z0-9-]*:.+$/, 'expected "<provider>:<model>", e.g. "builtin:lead-3" or "openai:gpt-4o-mini"');

export const modelSchema = z
  .object({
    id: modelIdSchema.describe('provider:model id, e.g. builtin:lead-3, builtin:textrank, openai:gpt-4o-mini'),
    label: z.string().min(1).optional().describe('name shown in reports (default: the id)'),
    options: z.record(z.string(), z.unknown()).optional().describe('provider options (baseURL, timeoutMs, ...); never put API keys here, use the environment'),
    maxConcurrency: z.number().int().positive().max(1024).optional().describe("this model's requests in flight (a lane of its own; default: its provider's limit)"),
    requestsPerMinute: z.number().int().positive().optional().describe("this model's requests started per minute"),
    tokensPerMinute: z.number().int().positive().optional().describe("this model's tokens (input + output) per minute"),
  })
  .strict();

export const datasetSchema = z
  .object({
    name: z.string().min(1).regex(/^[\w.-]+$/, 'expected letters, digits, "_", "-" or "."'),
    builtin: z.enum(['demo-reviews', 'demo-interviews']).optional().describe('a built-in demo dataset instead of a file'),
    path: z.string().min(1).optional().describe('file with records (JSONL, CSV, TSV, Parquet, JSON)'),
    format: inputFormatSchema.optional().describe('default: from the file extension'),
    fields: z.record(z.string(), z.string()).optional().describe('canonical field -> column, e.g. { source: reviewText }'),
    limit: z.number().int().positive().optional(),
    skipInvalid: z.boolean().optional(),
    maxRecordBytes: z.number().int().positive().optional().describe('the maximum size of one record (one JSONL/CSV line), default 16 MiB'),
    allowEmpty: z.boolean().optional().describe('accept a file with no records (default: an error, exit 3)'),
    humans: z.string().min(1).optional().describe('WildFrame: framed_eval.csv with the 5-annotator scores'),
    probes: z
      .array(probeNameSchema)
      .min(1)
      .optional()
      .describe('probes that read this dataset (default: every probe whose fields it carries; a note names the others)'),
  })
  .strict()
  .refine((d) => (d.builtin === undefined) !== (d.path === undefined), {
    message: 'a dataset needs exactly one of "path" or "builtin"',
  });

export const probeEntrySchema = z
  .object({
    name: probeNameSchema.describe(`probe name: ${PROBE_NAMES.join(', ')}, or one a plugin adds`),
    options: z.record(z.string(), z.unknown()).optional().describe('probe options, validated by the probe'),
    datasets: z.array(z.string().min(1)).min(1).optional().describe('datasets this probe reads (default: every dataset that carries its fields)'),
  })
  .strict();

const mitigationIdSchema = z.string().min(1).describe('a mitigation id with its default options, e.g. self-awareness');
const mitigationOptionsSchema = z.record(z.string(), z.unknown()).optional().describe('options, validated by the mitigation');

/** One step of a chain: a mitigation id, or { id, options }. */
const chainStepSchema = z.union([mitigationIdSchema, z.object({ id: z.string().min(1), options: mitigationOptionsSchema }).strict()]);

export const chainEntrySchema = z
  .object({
    chain: z.array(chainStepSchema).min(2).describe('mitigations applied together: a prompt mitigation that only changes the instruction, then a decoding one (docs/mitigations.md, "Chains")'),
    label: z.string().min(1).optional().describe('name of the condition in results (default: the members\' keys joined by "+")'),
  })
  .strict();
export type ChainEntry = z.infer<typeof chainEntrySchema>;

export const mitigationEntrySchema = z.union([
  mitigationIdSchema,
  z
    .object({
      id: z.string().min(1).describe('mitigation id (slant mitigations lists them)'),
      options: mitigationOptionsSchema,
      label: z.string().min(1).optional().describe('name of the condition in results (default: the id, plus the options)'),
    })
    .strict(),
  chainEntrySchema,
]);

export const judgesSchema = z
  .object({
    framing: z.string().default('offline').describe('"offline" or a model id used with the paper\'s A.1 prompt'),
    embedder: z.string().default('tfidf').describe('"tfidf" or an embedding model id'),
    llm: modelIdSchema.optional().describe('model id of the LLM judge (certainty pairwise judge, WildFrame evaluator)'),
    reask: z
      .boolean()
      .optional()
      .describe('ask a judge once more, for the label alone, when its answer states none (a separate request, cached and counted on its own); off by default: an unreadable answer is counted as unreadable'),
  })
  .strict();

export const generationSchema = z
  .object({
    prompt: z.string().default('alessa-summarize').describe('a preset name or a template containing {{document}}'),
    temperature: z.number().min(0).max(2).default(0),
    maxTokens: z.number().int().positive().default(500),
    seed: z.number().int().default(42),
    truncated: z
      .enum(['exclude', 'measure'])
      .optional()
      .describe('answers cut at the token limit: measure (default, as seed 000; marked and counted) or exclude (left out, counted as "cut at the token limit")'),
  })
  .strict();

/** The roles map (config/roles.ts): each role also has its old key, which keeps working. */
const roleModelSchema = z.union([modelIdSchema, modelSchema]);
export const rolesSchema = z
  .object({
    generator: z.union([roleModelSchema, z.array(roleModelSchema).min(1)]).optional().describe(`${ROLES.generator.what}: an id, an entry as in models:, or a list of them (same as models:)`),
    judge: modelIdSchema.optional().describe(`${ROLES.judge.what} (same as judges.llm)`),
    moderator: modelIdSchema.optional().describe(`${ROLES.moderator.what} (same as a probe's options.moderator)`),
    embedder: z.string().min(1).optional().describe(`${ROLES.embedder.what} (same as judges.embedder)`),
  })
  .strict();

const configObjectSchema = z
  .object({
    version: z.literal(1).default(1),
    store: z.string().default('.slant/slant.db').describe('the run store (runs, items, request cache): a SQLite file, or postgres://user@host/db (password from PGPASSWORD or ~/.pgpass)'),
    reports: z.string().default('.slant/reports').describe('where reports are written, one folder per run'),
    runs: z
      .object({ label: z.string().min(1).max(200).optional().describe('a name for the runs of this config, shown in `slant runs`, `slant view` and bundles (`slant run --label` overrides it)') })
      .strict()
      .optional()
      .describe('how runs of this config are listed'),
    concurrency: z
      .number()
      .int()
      .positive()
      .max(1024)
      .optional()
      .describe('model calls in flight at once across the run: records being generated or questioned (default: the largest maxConcurrency of the models, at least 4); up to twice as many records are held so a freed slot is filled at once; requests in flight per provider/model are set by maxConcurrency'),
    providers: z
      .record(z.string(), z.record(z.string(), z.unknown()))
      .optional()
      .describe('options per provider applied to every model of it, generators and judges alike (e.g. { openai: { baseURL: ..., maxConcurrency: 32, requestsPerMinute: 500, tokensPerMinute: 200000, retryBudgetMs: 300000 } }); a model\'s own options win'),
    prices: z
      .record(z.string(), z.object({ input: z.number().min(0), output: z.number().min(0), batch: z.number().min(0).optional() }).strict())
      .optional()
      .describe('USD per 1M tokens per model id (a trailing * matches any suffix); overrides and extends the built-in table'),
    budget: z
      .object({
        usd: z.number().positive().optional().describe('the most the run may spend, in USD (priced from the price table; --max-cost overrides it)'),
        tokens: z.number().int().positive().optional().describe('the most input + output tokens the run may use (--max-tokens overrides it); unpriced models count here'),
        models: z
          .record(z.string(), z.object({ usd: z.number().positive().optional(), tokens: z.number().int().positive().optional() }).strict())
          .optional()
          .describe('limits per model id (a model under test or a judge), beside the run\'s'),
        confirmAbove: z.number().min(0).optional().describe('USD: a run without a budget whose plan may cost more than this asks before its first paid call, on a terminal only (default 1; --yes skips)'),
      })
      .strict()
      .optional()
      .describe('stop the run before a request would pass these limits (exit 4; --resume with a higher budget goes on); docs/cost.md'),
    plugins: z
      .array(z.string().min(1))
      .optional()
      .describe('plugin files (./my-plugin.js, relative to this file) or installed package names; each adds probes, providers, judges or mitigations (docs/extending.md)'),
    roles: rolesSchema
      .optional()
      .describe('the models by the part they play: generator, judge, moderator, embedder (docs/config.md, "Roles"); each may instead be given by its old key (models, judges.llm, a probe\'s options.moderator, judges.embedder)'),
    models: z.array(modelSchema).min(1).describe('the models under test (or roles.generator)'),
    datasets: z.array(datasetSchema).min(1),
    probes: z.array(probeEntrySchema).min(1),
    mitigations: z
      .union([z.literal('all'), z.array(mitigationEntrySchema).min(1)])
      .optional()
      .describe('conditions to run besides the baseline: mitigation ids (or { id, options, label }), or "all"; docs/mitigations.md'),
    judges: judgesSchema.default({ framing: 'offline', embedder: 'tfidf' }),
    generation: generationSchema.default({ prompt: 'alessa-summarize', temperature: 0, maxTokens: 500, seed: 42 }),
  })
  .strict();

/**
 * slant.yaml: `roles:` is written into the keys the rest of slant reads before the schema checks
 * them (a role given twice, differently, is an error naming both keys).
 */
export const configSchema = z.preprocess((raw, ctx) => {
  // a bad roles map is reported as itself (roles.judge), before its roles move to the old keys
  const given = raw !== null && typeof raw === 'object' ? (raw as { roles?: unknown }).roles : undefined;
  const checked = given === undefined ? undefined : rolesSchema.safeParse(given);
  if (checked !== undefined && !checked.success) {
    for (const issue of checked.error.issues) ctx.issues.push({ ...issue, path: ['roles', ...issue.path], input: given } as Parameters<typeof ctx.issues.push>[0]);
    return raw;
  }
  const { config, problems } = withRolesApplied(raw);
  for (const p of problems) ctx.issues.push({ code: 'custom', path: p.path, message: p.message, input: raw });
  const c = config as { models?: unknown; roles?: unknown } | null;
  if (problems.length === 0 && c !== null && typeof c === 'object' && !Array.isArray(c) && c.models === undefined)
    ctx.issues.push({ code: 'custom', path: ['models'], message: 'expected the models under test: models: [{ id: "<provider>:<model>" }] or roles.generator', input: raw });
  return config;
}, configObjectSchema);

export type SlantConfig = z.infer<typeof configSchema>;
export type ModelEntry = z.infer<typeof modelSchema>;
export type DatasetEntry = z.infer<typeof datasetSchema>;
export type ProbeEntry = z.infer<typeof probeEntrySchema>;

/** JSON Schema for slant.yaml (editors use it for completion and validation). */
export function configJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(configObjectSchema, { io: 'input' }) as Record<string, unknown> & { required?: string[] };
  // the models under test are `models:` or `roles.generator`: one of the two is required
  schema.required = (schema.required ?? []).filter((k) => k !== 'models');
  schema.anyOf = [{ required: ['models'] }, { required: ['roles'], properties: { roles: { required: ['generator'] } } }];
  return schema;
}
