/** Sparse and dense vector helpers. Cosine is 0 (never NaN) when either vector is all zeros. */

/** Dense vector. */
export type Vector = Float64Array | Float32Array | readonly number[];

/** Sparse vector: `indices` strictly increasing, `values` aligned with them. */
export interface SparseVector {
  indices: Int32Array;
  values: Float64Array;
}

function isSparse(v: SparseVector | Vector): v is SparseVector {
  return (v as SparseVector).indices instanceof Int32Array;
}

function dotSparse(a: SparseVector, b: SparseVector): number {
  const ai = a.indices;
  const bi = b.indices;
  let i = 0;
  let j = 0;
  let s = 0;
  while (i < ai.length && j < bi.length) {
    const x = ai[i] as number;
    const y = bi[j] as number;
    if (x === y) {
      s += (a.values[i] as number) * (b.values[j] as number);
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return s;
}

function dotDense(a: Vector, b: Vector): number {
  if (a.length !== b.length) throw new Error(`vector length mismatch: ${a.length} vs ${b.length}`);
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
}

/** Dot product of two sparse or two dense vectors. */
export function dot(a: SparseVector, b: SparseVector): number;
export function dot(a: Vector, b: Vector): number;
export function dot(a: SparseVector | Vector, b: SparseVector | Vector): number {
  if (isSparse(a) && isSparse(b)) return dotSparse(a, b);
  if (!isSparse(a) && !isSparse(b)) return dotDense(a, b);
  throw new Error('dot: cannot mix sparse and dense vectors');
}

/** Euclidean (l2) norm of a sparse or dense vector. */
export function norm(v: SparseVector | Vector): number {
  const vals = isSparse(v) ? v.values : v;
  let s = 0;
  for (let i = 0; i < vals.length; i++) {
    const x = vals[i] as number;
    s += x * x;
  }
  return Math.sqrt(s);
}

/** Cosine similarity of two sparse vectors (0 when either is all zeros). */
export function cosineSparse(a: SparseVector, b: SparseVector): number {
  const na = norm(a);
  const nb = norm(b);
  if (na === 0 || nb === 0) return 0;
  return dotSparse(a, b) / (na * nb);
}

/** Cosine similarity of two dense vectors of equal length (0 when either is all zeros). */
export function cosineDense(a: Vector, b: Vector): number {
  const d = dotDense(a, b);
  const na = norm(a);
  const nb = norm(b);
  if (na === 0 || nb === 0) return 0;
  return d / (na * nb);
}

/** Dense copy of a sparse vector with `dim` components. */
export function toDense(v: SparseVector, dim: number): Float64Array {
  const out = new Float64Array(dim);
  for (let k = 0; k < v.indices.length; k++) {
    const i = v.indices[k] as number;
    if (i < 0 || i >= dim) throw new Error(`sparse index ${i} outside dimension ${dim}`);
    out[i] = v.values[k] as number;
  }
  return out;
}
