/** Loads the tiny random-weight GGUF (test/helpers/tiny-gguf.ts) as a model, for tests of step-wise decoding. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGgufModel, type GgufModel } from '../../src/models/gguf/index.js';
import { writeTinyGguf, type TinyGguf, type TinyGgufOptions } from './tiny-gguf.js';

process.env.NODE_LLAMA_CPP_SKIP_DOWNLOAD = 'true';

export interface LoadedTiny {
  tiny: TinyGguf;
  model: GgufModel;
  dispose(): Promise<void>;
}

export async function loadTinyModel(opts: TinyGgufOptions = {}, contextSize = 512): Promise<LoadedTiny> {
  const dir = mkdtempSync(join(tmpdir(), 'slant-tiny-'));
  const tiny = writeTinyGguf(join(dir, 'tiny.gguf'), opts);
  let model: GgufModel;
  try {
    model = await createGgufModel(tiny.path, { contextSize });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`node-llama-cpp could not run the tiny GGUF on this machine (${process.platform}-${process.arch}): ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  return {
    tiny,
    model,
    async dispose() {
      await model.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
