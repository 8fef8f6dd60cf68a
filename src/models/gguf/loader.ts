/**
 * Loads node-llama-cpp, an optional dependency: slant works without it, and a gguf model id then
 * fails with a UserError that says how to add it. Loaded with a dynamic import here and nowhere
 * else, so nothing else in slant pulls in the native binding.
 */
import { availableParallelism } from 'node:os';
import { UserError } from '../../core/errors.js';
import { installCommand, missingPackage } from '../../core/optional-package.js';

export type NodeLlamaCpp = typeof import('node-llama-cpp');
export type Llama = Awaited<ReturnType<NodeLlamaCpp['getLlama']>>;

/** How the module is imported; tests inject a failing one to simulate a missing package. */
export type ModuleLoader = () => Promise<NodeLlamaCpp>;

const defaultLoader: ModuleLoader = () => import('node-llama-cpp');

export const INSTALL_HINT = `Add it with \`${installCommand('gguf')}\` (prebuilt binaries for Linux, macOS and Windows; set NODE_LLAMA_CPP_SKIP_DOWNLOAD=true when installing offline). Or serve the file with llama-server and use llamacpp:http://127.0.0.1:8080.`;

export async function loadModule(loader: ModuleLoader = defaultLoader): Promise<NodeLlamaCpp> {
  try {
    return await loader();
  } catch (err) {
    if (missingPackage(err, ['node-llama-cpp']) !== undefined)
      throw new UserError('gguf models need the optional package node-llama-cpp, which is not installed', { hint: INSTALL_HINT, cause: err });
    throw new UserError(`node-llama-cpp could not be loaded: ${err instanceof Error ? err.message : String(err)}`, { hint: INSTALL_HINT, cause: err });
  }
}

let llamaPromise: Promise<Llama> | undefined;

/** llama.cpp's recent error messages (it reports why a file failed to load only through its log) */
const recentLog: string[] = [];
let logCount = 0;

/** A mark to pass to logSince(). */
export function logMark(): number {
  return logCount;
}

/** llama.cpp messages logged since the mark (at most the last 20). */
export function logSince(mark: number): string[] {
  const n = Math.min(logCount - mark, recentLog.length);
  return n > 0 ? recentLog.slice(-n) : [];
}

function onLog(message: string): void {
  const line = message.trim();
  if (line === '') return;
  recentLog.push(line);
  if (recentLog.length > 20) recentLog.shift();
  logCount++;
  process.stderr.write(`llama.cpp: ${line}\n`);
}

/**
 * The process-wide llama.cpp binding: CPU only unless `gpu` is set, prebuilt binaries only (never
 * a download or a source build at run time), llama.cpp logging at error level.
 */
export function getLlamaInstance(mod: NodeLlamaCpp, opts: { gpu?: boolean } = {}): Promise<Llama> {
  if (llamaPromise === undefined) {
    llamaPromise = mod
      .getLlama({
        gpu: opts.gpu === true ? 'auto' : false,
        build: 'never',
        skipDownload: true,
        progressLogs: false,
        maxThreads: availableParallelism(),
        logLevel: mod.LlamaLogLevel.error,
        logger: (_level, message) => onLog(message),
      })
      .catch((err: unknown) => {
        llamaPromise = undefined;
        throw new UserError(`node-llama-cpp is installed but its native binary could not be loaded: ${err instanceof Error ? err.message : String(err)}`, {
          hint: 'Reinstall with `npm rebuild node-llama-cpp` or `npm i node-llama-cpp`; check that a prebuilt binary exists for this platform.',
          cause: err,
        });
      });
  }
  return llamaPromise;
}
