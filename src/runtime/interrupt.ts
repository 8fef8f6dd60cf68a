import { EXIT, UserError } from '../core/errors.js';

/** The abort reason after Ctrl-C / SIGTERM: a UserError that exits with code 130. */
export class InterruptedError extends UserError {
  readonly signalName: string;
  constructor(signalName: string) {
    super(`interrupted by ${signalName}; finished work is stored, run again to resume`, {
      exitCode: EXIT.interrupted,
    });
    this.name = 'InterruptedError';
    this.signalName = signalName;
  }
}

interface InterruptHandler {
  /** aborted (with an InterruptedError) on the first SIGINT or SIGTERM */
  signal: AbortSignal;
  /** remove the signal listeners (restores Node's default behaviour) */
  dispose(): void;
  interrupted(): boolean;
}

interface InterruptOptions {
  /** where the "stopping" notice goes; default process.stderr */
  stream?: { write(s: string): unknown };
  /** for tests; default process.exit */
  exit?: (code: number) => void;
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * First SIGINT/SIGTERM: abort `signal` so work in flight is cancelled and the run winds down
 * (finished work is already in the store). Second signal: exit at once with code 130.
 */
export function installInterruptHandler(opts: InterruptOptions = {}): InterruptHandler {
  const controller = new AbortController();
  const stream = opts.stream ?? process.stderr;
  const exit = opts.exit ?? ((code: number) => process.exit(code));

  const onSignal = (name: NodeJS.Signals): void => {
    if (controller.signal.aborted) {
      stream.write(`\n${name} again: exiting now.\n`);
      exit(EXIT.interrupted);
      return;
    }
    stream.write(`\n${name}: cancelling work in flight; finished work is kept. Press Ctrl-C again to quit now.\n`);
    controller.abort(new InterruptedError(name));
  };

  for (const s of SIGNALS) process.on(s, onSignal);
  return {
    signal: controller.signal,
    dispose() {
      for (const s of SIGNALS) process.off(s, onSignal);
    },
    interrupted: () => controller.signal.aborted,
  };
}
