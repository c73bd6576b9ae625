// Indexing that narrows: for arrays whose index is known to be in range (a modulo, a weighted
// pick), so a mistake fails loudly instead of flowing on as undefined.
export function itemAt<T>(xs: readonly T[], index: number): T {
  const x = xs[index];
  if (x === undefined) throw new RangeError(`index ${index} outside an array of ${xs.length}`);
  return x;
}
