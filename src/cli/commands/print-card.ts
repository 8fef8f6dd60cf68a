import { describeCard, type JudgeCard } from '../../judges/card.js';
import { createTable } from '../../report/table.js';

/** Prints a judge's card as `slant validate` shows it: the head lines, n, accuracy, the confusion table; one JSON line with --json. */
export function printCard(card: JudgeCard, head: string[], out: { json: boolean; quiet: boolean }, extra: Record<string, unknown> = {}): void {
  const f = (x: number | null): string => (x === null ? '—' : x.toFixed(3));
  if (out.json) {
    process.stdout.write(JSON.stringify({ ...extra, card }) + '\n');
    return;
  }
  if (out.quiet) {
    // -q: the one accuracy line, as `validate framing` and `validate certainty` print it
    process.stdout.write(`accuracy ${f(card.accuracy)}, balanced accuracy ${f(card.balancedAccuracy)} (n = ${card.n})\n`);
    return;
  }
  const t = createTable(['truth \\ judged', ...card.labels]);
  card.labels.forEach((l, i) => t.push([l, ...(card.confusion[i] ?? []).map(String)]));
  process.stdout.write([...head, `n = ${card.n}`, `accuracy          ${f(card.accuracy)}`, `balanced accuracy ${f(card.balancedAccuracy)}`, t.toString(), `card: ${describeCard(card)}`].join('\n') + '\n');
}
