/**
 * The fuzzy string set PostgREST suggests names with ("Perhaps you meant ..." hints of PGRST200 and
 * PGRST202): Haskell's fuzzyset 0.2 (after the Python and JavaScript fuzzyset) with its defaults,
 * gram sizes 3 then 2, Levenshtein rescoring of the 50 best cosine matches, minimum score 0.33
 * unless the caller asks for more.
 */

const MIN_SCORE = 0.33;
const GRAM_SIZES = [3, 2];
const LEVENSHTEIN_POOL = 50;

/** Lower case, only letters, digits, white space and commas (so `_` is dropped), enclosed in '-'. */
function gramVector(value: string, size: number): Map<string, number> {
  const normalized = `-${[...value.toLowerCase()].filter((c) => /[\p{L}\p{N}\s,]/u.test(c)).join('')}-`;
  const chars = [...normalized];
  const out = new Map<string, number>();
  for (let i = 0; i + size <= chars.length; i++) {
    const gram = chars.slice(i, i + size).join('');
    out.set(gram, (out.get(gram) ?? 0) + 1);
  }
  return out;
}

const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((s, n) => s + n * n, 0));

function levenshtein(a: string[], b: string[]): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

/** text-metrics' levenshteinNorm: 1 - distance / length of the longer string. */
function similarity(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const longest = Math.max(x.length, y.length);
  return longest === 0 ? 1 : 1 - levenshtein(x, y) / longest;
}

/** Entries of the set that match `query` (score, entry), best first: fuzzyset's `get`. */
export function fuzzyMatches(entries: string[], query: string, minScore = MIN_SCORE): Array<{ score: number; entry: string }> {
  const key = query.toLowerCase();
  // Entries are kept by their lower-case form; the first one added wins (fromList adds from the end).
  const exact = new Map<string, string>();
  for (const e of [...entries].reverse()) if (!exact.has(e.toLowerCase())) exact.set(e.toLowerCase(), e);
  const hit = exact.get(key);
  if (hit !== undefined) return [{ score: 1, entry: hit }];
  const keys = [...exact.keys()];
  for (const size of GRAM_SIZES) {
    const q = gramVector(key, size);
    const qNorm = norm(q);
    const cosine: Array<{ score: number; entry: string }> = [];
    for (const k of keys) {
      const v = gramVector(k, size);
      let dot = 0;
      for (const [gram, n] of q) dot += n * (v.get(gram) ?? 0);
      if (dot > 0) cosine.push({ score: dot / (qNorm * norm(v)), entry: k });
    }
    cosine.sort((a, b) => b.score - a.score);
    const rescored = cosine
      .slice(0, LEVENSHTEIN_POOL)
      .map((m) => ({ score: similarity(key, m.entry), entry: m.entry }))
      .sort((a, b) => b.score - a.score)
      .filter((m) => m.score >= minScore);
    if (rescored.length > 0) return rescored.map((m) => ({ score: m.score, entry: exact.get(m.entry) ?? m.entry }));
  }
  return [];
}

/** The closest entry, if any scores at least `minScore` (0.33 by default): fuzzyset's `getOneWithMinScore`. */
export function fuzzyClosest(entries: string[], query: string, minScore = MIN_SCORE): string | null {
  return fuzzyMatches(entries, query, minScore)[0]?.entry ?? null;
}
