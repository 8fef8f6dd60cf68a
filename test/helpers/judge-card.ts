import type { JudgeCard } from '../../src/judges/card.js';

/** A framing judge's card for worked examples: its labels and confusion counts (rows true, columns judged); the rest fixed. */
export function workedFramingCard(labels: string[], confusion: number[][], accuracy: number, date = '2026-11-27'): JudgeCard {
  return {
    task: 'framing',
    judge: 'test-judge',
    version: '1',
    data: 'worked example',
    heldOut: true,
    summary: 'worked example',
    n: confusion.flat().reduce((a, b) => a + b, 0),
    accuracy,
    balancedAccuracy: accuracy,
    labels,
    confusion,
    date,
    slantVersion: '0',
  };
}
