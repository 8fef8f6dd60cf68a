import { setFlagsFromString } from 'node:v8';

/**
 * How much bytecode a function runs before V8 marks it for its optimizing compiler (TurboFan):
 * 8 times V8's default (67,584). The CLI is a process of seconds: with the default, V8 optimized
 * about 290 functions in a `slant measure position` run on SummEval, and compiling them took
 * 0.7–0.9 s of CPU on its background threads, a third of the run's CPU, mostly for functions run a
 * few more times after. With 8 times the budget only the functions that do a run's real work
 * (tokenising, mapping sentences, the bootstrap) reach it: that run's whole CPU fell by about
 * 0.25–0.4 s (docs/benchmarks.md). A long run is not slowed: each function still reaches the
 * optimizing compiler, after a few hundred kilobytes more of bytecode.
 */
const V8_INTERRUPT_BUDGET = 67_584;
const INTERRUPT_BUDGET = 8 * V8_INTERRUPT_BUDGET;

/**
 * Whether this V8 has the flag, with that default: V8 11 (Node 20) does. V8 12 (Node 22) tiers up
 * by invocation counts instead and has no such flag, and V8 prints "unrecognized flag" on stderr
 * for one it does not know, so there the CLI leaves V8's tiering as it is (its counterpart,
 * --invocation-count-for-turbofan, has not been measured).
 */
export const tiersUpByBudget = (v8: string = process.versions.v8): boolean => v8.split('.')[0] === '11';

/** Set by the CLI before it loads anything else (bin.ts imports this module first); process-wide: worker threads too. */
if (tiersUpByBudget()) setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);

/**
 * V8's own budget again, for a run that has begun sending requests: its main thread then runs the
 * same request path thousands of times, and each answer waits for it to send the next request. With
 * the larger budget that path stayed longer in the interpreter: bench:cli-runner's main thread took
 * 4.2–4.5 s of CPU instead of 3.1–3.4 s (its compiling threads ~0.9 s less, the process's total
 * 0.2–0.5 s more). From here on a function is optimized as V8 would (the budget is read afresh at
 * each function's next interrupt).
 */
export function tierUpAsUsual(): void {
  if (tiersUpByBudget()) setFlagsFromString(`--interrupt-budget=${V8_INTERRUPT_BUDGET}`);
}
