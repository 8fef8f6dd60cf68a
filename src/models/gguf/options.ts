/** Options of the gguf provider, and their validation from untyped config. */
import { z } from 'zod';
import { UserError } from '../../core/errors.js';
import type { ModuleLoader } from './loader.js';

export interface GgufOptions {
  /** context window in tokens (default: the model's training context, at most 4096) */
  contextSize?: number;
  /** CPU threads for evaluation (default 1: on small machines more threads are often slower) */
  threads?: number;
  /** default seed when a request has none (otherwise a random seed per request) */
  seed?: number;
  /** how messages become a prompt (default 'auto': the file's template; see chat-template.ts) */
  chatTemplate?: 'auto' | 'guess' | 'plain';
  /** offload to a GPU if node-llama-cpp finds one (default false: CPU only) */
  gpu?: boolean;
  /** model version: sha-256 of the whole file (default) or size + modification time (fast for big files) */
  versionFrom?: 'sha256' | 'stat';
  /** keep the decoded text as it is: no <think> block taken out of the answer (docs/providers.md) */
  rawText?: boolean;
  /** how to import node-llama-cpp (tests inject one to simulate a missing package) */
  loader?: ModuleLoader;
}

const schema = z
  .object({
    contextSize: z.number().int().min(16).optional(),
    threads: z.number().int().min(1).max(256).optional(),
    seed: z.number().int().min(0).max(4294967295).optional(),
    chatTemplate: z.enum(['auto', 'guess', 'plain']).optional(),
    gpu: z.boolean().optional(),
    versionFrom: z.enum(['sha256', 'stat']).optional(),
    rawText: z.boolean().optional(),
  })
  .strip();

/** Validate model options from a config file (unknown keys, e.g. the registry's, are ignored). */
export function parseGgufOptions(raw: Record<string, unknown>, where = 'gguf model options'): GgufOptions {
  const known = Object.fromEntries(Object.entries(raw).filter(([k]) => k in schema.shape));
  const r = schema.safeParse(known);
  if (!r.success) {
    const issue = r.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    throw new UserError(`${where}: "${field}" ${issue?.message ?? 'is invalid'} (expected contextSize ≥ 16, threads 1..256, seed a 32-bit integer, chatTemplate auto|guess|plain, gpu boolean, versionFrom sha256|stat, rawText boolean)`);
  }
  const out: GgufOptions = {};
  for (const [k, v] of Object.entries(r.data)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}
