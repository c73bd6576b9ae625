// Which vocabulary word a misspelt query word meant: candidates come from the database by
// trigram similarity; the one fewest edits away wins (a swap of two neighbours is one edit, so
// "pyhton" is one edit from "python"), then the more similar, then the more common.

export type Candidate = { term: string; similarity: number; jobs: number };

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const d: number[][] = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => (d[i] as number[])[j] as number;
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let v = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        v = Math.min(v, at(i - 2, j - 2) + 1);
      (d[i] as number[])[j] = v;
    }
  }
  return at(x.length, y.length);
}

/** Edits a correction may make: one for short words, two from five letters on. */
export const maxEdits = (word: string) => ([...word].length <= 4 ? 1 : 2);

/** The correction for `word` among `candidates`, or null when none is close enough. */
export function bestCorrection(word: string, candidates: readonly Candidate[]): string | null {
  let best: (Candidate & { edits: number }) | null = null;
  for (const c of candidates) {
    if (c.term === word) continue;
    const edits = editDistance(word, c.term);
    if (edits > maxEdits(word)) continue;
    const better =
      !best ||
      edits < best.edits ||
      (edits === best.edits &&
        (c.similarity > best.similarity ||
          (c.similarity === best.similarity &&
            (c.jobs > best.jobs || (c.jobs === best.jobs && c.term < best.term)))));
    if (better) best = { ...c, edits };
  }
  return best?.term ?? null;
}
