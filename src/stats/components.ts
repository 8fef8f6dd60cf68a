/**
 * Connected components of an undirected graph on nodes 0..n−1 (union–find with path halving),
 * each listed in increasing node order, components ordered by their first node.
 */
export function connectedComponents(n: number, edges: Iterable<readonly [number, number]>): number[][] {
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  for (const [a, b] of edges) parent[find(a)] = find(b);
  const byRoot = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const r = find(i);
    const list = byRoot.get(r) ?? [];
    list.push(i);
    byRoot.set(r, list);
  }
  return [...byRoot.values()];
}
