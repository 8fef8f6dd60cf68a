/**
 * One loaded GGUF file: the llama.cpp model, a context with two sequences (the second one for
 * step-wise decoding that runs a parallel pass), the chat template, and a lock so that decodes
 * run one at a time (CPU-bound; llama.cpp batches the two sequences of one decode together).
 */
import { makeTemplate, type ChatTemplateMode, type PromptTemplate } from './chat-template.js';
import { UserError } from '../../core/errors.js';
import { getLlamaInstance, logMark, logSince, type Llama, type NodeLlamaCpp } from './loader.js';

type LlamaModel = Awaited<ReturnType<Llama['loadModel']>>;
type LlamaContext = Awaited<ReturnType<LlamaModel['createContext']>>;
export type LlamaSequence = ReturnType<LlamaContext['getSequence']>;
type Token = import('node-llama-cpp').Token;

/** node-llama-cpp brands token ids; slant keeps plain numbers and brands them at the boundary. */
export const asToken = (n: number): Token => n as Token;
export const asTokens = (ns: readonly number[]): Token[] => ns as Token[];

interface CoreOptions {
  contextSize?: number;
  threads: number;
  gpu: boolean;
  chatTemplate: ChatTemplateMode;
}

export class GgufCore {
  private tail: Promise<unknown> = Promise.resolve();
  private constructor(
    readonly mod: NodeLlamaCpp,
    readonly model: LlamaModel,
    readonly context: LlamaContext,
    readonly sequences: [LlamaSequence, LlamaSequence],
    readonly template: PromptTemplate,
    readonly vocab: number,
  ) {}

  get contextSize(): number {
    return this.context.contextSize;
  }

  static async load(mod: NodeLlamaCpp, path: string, filename: string, opts: CoreOptions): Promise<GgufCore> {
    const llama = await getLlamaInstance(mod, { gpu: opts.gpu });
    const mark = logMark();
    let model: LlamaModel;
    try {
      model = await llama.loadModel({ modelPath: path, ...(opts.gpu ? {} : { gpuLayers: 0 }) });
    } catch (err) {
      const why = logSince(mark).join('; ');
      throw new UserError(`gguf: llama.cpp could not load ${path}: ${err instanceof Error ? err.message : String(err)}${why === '' ? '' : ` (${why})`}`, { cause: err });
    }
    try {
      const contextSize = opts.contextSize ?? Math.min(model.trainContextSize, 4096);
      const context = await model.createContext({ contextSize, sequences: 2, threads: opts.threads });
      const sequences: [LlamaSequence, LlamaSequence] = [context.getSequence(), context.getSequence()];
      const template = makeTemplate(mod, model, opts.chatTemplate, filename);
      // one forward pass: learns the vocabulary size (node-llama-cpp has no getter for it) and
      // shows at load time, not mid-run, that the file evaluates
      const first = model.tokens.bos ?? asToken(0);
      const out = await sequences[0].controlledEvaluate([[first, { generateNext: { logits: true } }]]);
      const logits = out[0]?.next.logits;
      let vocab = 0;
      for (const t of logits?.keys() ?? []) if (t + 1 > vocab) vocab = t + 1;
      await sequences[0].clearHistory();
      if (vocab <= 0) throw new Error('llama.cpp returned no logits for a test token');
      return new GgufCore(mod, model, context, sequences, template, vocab);
    } catch (err) {
      await model.dispose();
      throw err;
    }
  }

  /** Run fn after every earlier call has finished. */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn, fn);
    this.tail = run.catch(() => undefined);
    return run;
  }

  async dispose(): Promise<void> {
    await this.context.dispose();
    await this.model.dispose();
  }
}
