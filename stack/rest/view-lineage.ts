/**
 * Column lineage of views, as PostgREST infers it: the `_RETURN` rule of a view (pg_rewrite.ev_action)
 * is the parsed query tree, and each entry of its top-level target list records the base table column
 * it comes from (`:resorigtbl`, `:resorigcol`; Postgres follows subqueries and CTEs when it fills them).
 * A view column that is a plain base column takes part in that column's foreign keys.
 */

export interface ColumnOrigin {
  /** attnum of the view column (= resno). */
  viewAttnum: number;
  baseOid: number;
  baseAttnum: number;
}

/** Tokens of a node tree: `(`, `)`, `{`, `}` and whitespace-separated atoms (backslash escapes one char). */
function tokenize(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === ' ' || c === '\n' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '(' || c === ')' || c === '{' || c === '}') {
      out.push(c);
      i++;
      continue;
    }
    let atom = '';
    while (i < n) {
      const d = text[i];
      if (d === '\\' && i + 1 < n) {
        atom += text[i + 1];
        i += 2;
        continue;
      }
      if (d === ' ' || d === '\n' || d === '\t' || d === '\r' || d === '(' || d === ')' || d === '{' || d === '}') break;
      atom += d;
      i++;
    }
    out.push(atom);
  }
  return out;
}

/** Origins of the top-level target list of a view's `_RETURN` rule; [] when it cannot be read. */
export function viewColumnOrigins(evAction: string): ColumnOrigin[] {
  const tokens = tokenize(evAction);
  // Expect `( { QUERY ... } )`: the fields of the outermost QUERY node sit at depth 2.
  if (tokens[0] !== '(' || tokens[1] !== '{' || tokens[2] !== 'QUERY') return [];
  let depth = 2;
  let i = 3;
  while (i < tokens.length && depth >= 2) {
    const t = tokens[i];
    if (t === '(' || t === '{') depth++;
    else if (t === ')' || t === '}') depth--;
    else if (depth === 2 && t === ':targetList') break;
    i++;
  }
  if (tokens[i] !== ':targetList' || tokens[i + 1] !== '(') return [];
  i += 2;
  depth = 3;
  const origins: ColumnOrigin[] = [];
  let entry: Record<string, string> | null = null;
  for (; i < tokens.length && depth >= 3; i++) {
    const t = tokens[i];
    if (t === '{') {
      depth++;
      if (depth === 4) entry = tokens[i + 1] === 'TARGETENTRY' ? {} : null;
    } else if (t === '(') depth++;
    else if (t === '}' || t === ')') {
      if (t === '}' && depth === 4 && entry) {
        const resno = Number(entry[':resno']);
        const tbl = Number(entry[':resorigtbl']);
        const col = Number(entry[':resorigcol']);
        if (entry[':resjunk'] !== 'true' && resno > 0 && tbl > 0 && col > 0) origins.push({ viewAttnum: resno, baseOid: tbl, baseAttnum: col });
        entry = null;
      }
      depth--;
    } else if (depth === 4 && entry && t.startsWith(':') && i + 1 < tokens.length) {
      const next = tokens[i + 1];
      if (next !== '(' && next !== '{' && next !== ')' && next !== '}' && !next.startsWith(':')) entry[t] = next;
    }
  }
  return origins;
}
