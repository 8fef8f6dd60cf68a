/** Tables keyed by model id (prices, output limits): an exact key, else the longest matching `prefix*` key. */
export function lookupModel<T>(table: Readonly<Record<string, T>>, modelId: string): T | undefined {
  const exact = table[modelId];
  if (exact !== undefined) return exact;
  let best: { len: number; value: T } | undefined;
  for (const [key, value] of Object.entries(table)) {
    if (!key.endsWith('*')) continue;
    const prefix = key.slice(0, -1);
    if (modelId.startsWith(prefix) && (best === undefined || prefix.length > best.len)) best = { len: prefix.length, value };
  }
  return best?.value;
}
