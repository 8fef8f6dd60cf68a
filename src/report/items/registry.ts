import { stoppableSync } from '../../core/stoppable.js';
import { summaryOf } from '../../probes/item-view-common.js';
import type { ItemDetail, ItemInput, ItemSummary, ItemViewer } from '../../probes/item-view.js';
import type { PairSpec } from '../../probes/item-marks.js';
import { loadedItemView, resolveBuiltinViews } from '../../probes/manifests.js';

// item views are read synchronously, page by page: load the built-in probes' views once
await resolveBuiltinViews();

/** A probe this slant does not know still lists its items (the raw measurement as one section). */
const fallback: ItemViewer = {
  summary: (input) => summaryOf(input, [], []),
  detail: (input) => ({ ...summaryOf(input, [], []), texts: [], sections: [{ title: 'measurement', text: JSON.stringify(input.measurement, null, 2) }] }),
};

/** An item's summary; a measurement its viewer cannot read is shown raw instead of failing the page. */
export function itemSummary(input: ItemInput): ItemSummary {
  try {
    return (loadedItemView(input.probe) ?? fallback).summary(input);
  } catch {
    return fallback.summary(input);
  }
}

/** The source × output pair an item's detail cuts and maps (item-marks.ts), or undefined (none, or a measurement its viewer cannot read). */
export function itemPair(input: ItemInput): PairSpec | undefined {
  try {
    return loadedItemView(input.probe)?.pair?.(input);
  } catch {
    return undefined;
  }
}

export function itemDetail(input: ItemInput): ItemDetail {
  // an item of a long record is cut into sentences and mapped in one synchronous stretch: a
  // signal must still end it (src/core/stoppable.ts)
  return stoppableSync(textChars(input.fields) + textChars(input.output?.text) + textChars(input.output?.fields), () => {
    try {
      return (loadedItemView(input.probe) ?? fallback).detail(input);
    } catch {
      return fallback.detail(input);
    }
  });
}

/** Characters of the strings in a value, its arrays and its object's values (one level down). */
function textChars(v: unknown, depth = 0): number {
  if (typeof v === 'string') return v.length;
  if (depth > 1 || v === null || typeof v !== 'object') return 0;
  let n = 0;
  for (const x of Array.isArray(v) ? v : Object.values(v)) n += textChars(x, depth + 1);
  return n;
}
