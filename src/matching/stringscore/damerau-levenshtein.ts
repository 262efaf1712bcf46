/**
 * Edit distance counting adjacent transpositions as one edit (optimal string alignment), the usual
 * model of keyboard typos ("Hsasan" for "Hassan"). `maxDistance` bounds the work: the answer is exact up
 * to it and `maxDistance + 1` beyond, which is all a typo tolerance needs. The three rows are reused
 * between calls (calls are synchronous): a scan compares hundreds of tokens and should not allocate.
 */
type Rows = [Int32Array, Int32Array, Int32Array];
let rows: Rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

export function damerauLevenshtein(a: string, b: string, maxDistance = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  const lengthA = a.length;
  const lengthB = b.length;
  if (Math.abs(lengthA - lengthB) > maxDistance) return maxDistance + 1;
  if (lengthA === 0) return lengthB;
  if (lengthB === 0) return lengthA;
  // Three rolling rows: two back for transpositions, one back for the usual edits.
  if (lengthB + 1 > rows[0].length) rows = [0, 1, 2].map(() => new Int32Array(2 * (lengthB + 1))) as Rows;
  let twoBack = rows[0];
  let oneBack = rows[1];
  let current = rows[2];
  twoBack.fill(0, 0, lengthB + 1);
  for (let j = 0; j <= lengthB; j++) oneBack[j] = j;
  for (let i = 1; i <= lengthA; i++) {
    current[0] = i;
    let rowMinimum = i;
    const codeA = a.charCodeAt(i - 1);
    for (let j = 1; j <= lengthB; j++) {
      const codeB = b.charCodeAt(j - 1);
      const cost = codeA === codeB ? 0 : 1;
      let best = Math.min(oneBack[j]! + 1, current[j - 1]! + 1, oneBack[j - 1]! + cost);
      if (i > 1 && j > 1 && codeA === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === codeB) {
        best = Math.min(best, twoBack[j - 2]! + 1);
      }
      current[j] = best;
      if (best < rowMinimum) rowMinimum = best;
    }
    if (rowMinimum > maxDistance) return maxDistance + 1;
    const recycled = twoBack;
    twoBack = oneBack;
    oneBack = current;
    current = recycled;
  }
  return Math.min(oneBack[lengthB]!, maxDistance + 1);
}
