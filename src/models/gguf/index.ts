/**
 * gguf:<path>: a GGUF file run in-process by llama.cpp through node-llama-cpp (an optional
 * dependency). See docs/providers-gguf.md.
 */
import { checkGgufFile, fileSha256 } from './file-check.js';
import { GgufCore } from './core.js';
import { loadModule } from './loader.js';
import { GgufModel } from './model.js';
import type { GgufOptions } from './options.js';
import { answerSettings, withSettings } from '../answer-settings.js';

export { GgufModel, GGUF_CAPABILITIES } from './model.js';
export { parseGgufOptions, type GgufOptions } from './options.js';
export { decodeStepwise, supportsStepwise, type StepwiseOptions, type StepwiseResult } from './stepwise.js';
export type { StepController, StepDecision, StepRecord, StepState, StepTools, StepVocabulary, TopEntry } from './step-types.js';
export { Mirostat, TABLE_A5_MIROSTAT, type MirostatSpec, type MirostatTrace } from './mirostat.js';
export { INSTALL_HINT } from './loader.js';

/** Load a GGUF file. Throws UserError for a missing/invalid file or a missing node-llama-cpp. */
export async function createGgufModel(path: string, opts: GgufOptions = {}): Promise<GgufModel> {
  const { size, mtimeMs } = await checkGgufFile(path);
  const mod = await loadModule(opts.loader);
  const version = opts.versionFrom === 'stat' ? `size${size}-mtime${Math.floor(mtimeMs)}` : `sha256:${await fileSha256(path, size, mtimeMs)}`;
  const used = { threads: opts.threads ?? 1, gpu: opts.gpu ?? false, chatTemplate: opts.chatTemplate ?? 'auto' };
  const core = await GgufCore.load(mod, path, path.split(/[\\/]/).pop() ?? path, {
    ...(opts.contextSize !== undefined ? { contextSize: opts.contextSize } : {}),
    ...used,
  });
  // the values used, defaults included: an answer cut at a 2,048-token context is not one at 8,192
  return withSettings(new GgufModel(`gguf:${path}`, version, path, core, opts.seed, opts.rawText === true), answerSettings('gguf', opts as Record<string, unknown>, { ...used, contextSize: core.contextSize }));
}
