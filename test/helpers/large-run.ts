/**
 * A stored run of many items without a model: framing and primacy over N synthetic records (two
 * items per record), with each record's source and output in the store and each cell's result
 * computed by the probes' real aggregate functions. For the tests and the benchmark of a run page
 * at tens of thousands of items.
 */
import { framingProbe } from '../../src/probes/framing/index.js';
import { primacyProbe } from '../../src/probes/primacy/index.js';
import { inputKey, outputKey } from '../../src/pipeline/store-keys.js';
import type { Store } from '../../src/runtime/store.js';

const F = ['positive', 'negative', 'neutral'] as const;
const WORDS = 'the battery screen price delivery box manual cable app setup design weight color size week month great terrible slow reliable'.split(' ');

/** A short deterministic document: `sentences` sentences of 8 words, the record's number in the first. */
function document(i: number, sentences: number): { source: string; output: string } {
  const s = Array.from({ length: sentences }, (_, k) => {
    const words = Array.from({ length: 8 }, (_, w) => WORDS[(i * 7 + k * 5 + w * 3) % WORDS.length]!);
    if (k === 0) words[0] = `Record${i}`;
    return `${words.join(' ')}.`;
  });
  return { source: s.join(' '), output: [s[0], s[1], s[Math.floor(sentences / 2)]].join(' ') };
}

export interface LargeRun {
  runId: string;
  model: string;
  dataset: string;
  /** items written: 2 × records */
  items: number;
}

/**
 * Write the run. Every third framing item is changed (`changed` tag); the record ids are
 * `doc-0`… and each source starts with `Record<i>`, so a search for one finds exactly its items.
 */
export function writeLargeRun(store: Store, opts: { records: number; sentences?: number; label?: string; text?: (i: number, sentences: number) => { source: string; output: string } }): LargeRun {
  const sentences = opts.sentences ?? 6;
  const text = opts.text ?? document;
  const run = store.createRun({ configJson: '{}', configHash: 'large-run', label: opts.label ?? 'large run' });
  const model = 'bench-model';
  const dataset = 'synthetic';
  const cells = [
    { probe: framingProbe, key: `${model}|${dataset}|framing`, options: {} },
    { probe: primacyProbe, key: `${model}|${dataset}|primacy`, options: { alpha: 0.05, split: 'words' } },
  ];
  for (const c of cells) store.upsertCell(run.id, { key: c.key, model, dataset, probe: c.probe.name, options: c.options, status: 'completed' });
  store.transaction(() => {
    for (let k = 0; k < opts.records; k++) {
      const id = `doc-${k}`;
      const d = text(k, sentences);
      store.putOutput(run.id, inputKey(dataset), id, { source: d.source });
      store.putOutput(run.id, outputKey(model, dataset), id, { text: d.output });
      const fC = F[k % 3]!;
      const fS = k % 3 === 0 ? F[(k + 1) % 3]! : fC;
      store.putItem(run.id, cells[0]!.key, id, { fC, fS, changed: fC !== fS });
      const sB = 0.5 + (k % 10) / 40;
      store.putItem(run.id, cells[1]!.key, id, { sB, sM: 0.5, sE: 0.45, primacy: sB > 0.55, recency: false });
    }
  });
  for (const c of cells) {
    const items = store.getItems(run.id, c.key);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const agg = c.probe.aggregate(items as any, c.options as any);
    store.putResult(run.id, c.key, { labels: { model, dataset }, n: items.length, ...agg });
  }
  store.setRunStatus(run.id, 'completed');
  return { runId: run.id, model, dataset, items: 2 * opts.records };
}
