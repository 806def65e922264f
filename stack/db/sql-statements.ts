/**
 * Splits a migration file into statements exactly as the Supabase CLI does before it runs them and
 * records them in supabase_migrations.schema_migrations.statements (`supabase db push`,
 * `migration up`, `migration repair --status applied`), so a database the stack migrated holds
 * the same history rows as one the CLI migrated (`migration fetch` writes them back as files).
 *
 * The CLI does not parse SQL: a character-level state machine finds the semicolons that end a
 * statement, skipping those inside quotes, dollar-quoted bodies, comments, parentheses and
 * `BEGIN ATOMIC ... END` bodies. Each piece keeps its text as written (comments included), loses
 * its trailing semicolons and surrounding white space, and is dropped when nothing is left.
 * This module reproduces the CLI 3.x state machine rule for rule, quirks included (for instance a
 * `)` that closes nested parentheses also closes the outer ones; harmless, as it only matters for
 * a `;` inside parentheses).
 */

/** A state of the splitter: given the next character and the statement so far (ending with it), the next state, or null where the statement ends. */
interface State {
  next(ch: string, token: string): State | null;
}

/** The statements of a SQL text as the Supabase CLI stores them: trimmed, without trailing `;`, empty ones left out. */
export function splitStatements(sql: string): string[] {
  return splitTokens(sql)
    .map((token) => token.replace(/;+$/u, '').trim())
    .filter((statement) => statement.length > 0);
}

/** The raw pieces of a SQL text: each ends with the `;` that ended it, except possibly the last; together they are the text. */
export function splitTokens(sql: string): string[] {
  const tokens: string[] = [];
  let state: State = new Ready();
  let start = 0;
  let end = 0;
  for (const ch of sql) {
    end += ch.length;
    const token = sql.slice(start, end);
    const next = state.next(ch, token);
    if (next === null) {
      tokens.push(token);
      start = end;
      state = new Ready();
    } else {
      state = next;
    }
  }
  if (end > start) tokens.push(sql.slice(start));
  return tokens;
}

/** Outside any quote or comment. */
class Ready implements State {
  next(ch: string, token: string): State | null {
    switch (ch) {
      case '$': {
        // `$` inside an identifier (`a$b`) opens nothing; elsewhere it may open a $tag$.
        const at = token.length - 1;
        return followsIdentChar(token, at) ? this : new DollarTag(at);
      }
      case "'":
        // E'...' (not part of a longer word) allows backslash escapes.
        return new Quoted("'", endsWithWord(token.slice(0, -1), 'E'));
      case '"':
        return new Quoted('"', false);
      case '-':
        return new Dash();
      case '/':
        return new BlockComment();
      case '\\':
        return new Backslash();
      case ';':
        return null;
      case '(':
        return new Parens(new Ready());
      case 'c':
      case 'C':
        return endsWithBeginAtomic(token) ? new Atomic(new Ready(), token.length) : this;
      default:
        return this;
    }
  }
}

/** After one `-`: a second starts a line comment. */
class Dash implements State {
  next(ch: string, token: string): State | null {
    return ch === '-' ? new LineComment() : new Ready().next(ch, token);
  }
}

/** In a `--` comment, up to the end of the line. */
class LineComment implements State {
  next(ch: string): State | null {
    return isNewline(ch) ? new Ready() : this;
  }
}

/** After a `/`: a `*` opens a block comment; block comments nest. */
class BlockComment implements State {
  private depth = 0;
  /** The previous character closed a `/*` or `*\/` pair, so it cannot start another. */
  private afterDelimiter = false;

  next(ch: string, token: string): State | null {
    const step = this.afterDelimiter ? 0 : commentDelimiter(token.slice(-2));
    this.afterDelimiter = step !== 0;
    if (this.depth === 0 && step === 0) return new Ready().next(ch, token);
    this.depth += step;
    return this.depth === 0 ? new Ready() : this;
  }
}

/** In a '...' string or a "..." identifier; a doubled quote stays inside. */
class Quoted implements State {
  /** The last character was a quote: it closes unless another follows. */
  private closing = false;
  private backslash = false;

  constructor(
    private readonly quote: string,
    private readonly backslashEscapes: boolean,
  ) {}

  next(ch: string, token: string): State | null {
    if (this.closing) {
      if (ch === this.quote) {
        this.closing = false;
        return this;
      }
      return this.backslashEscapes ? new EStringGap().next(ch, token) : new Ready().next(ch, token);
    }
    if (this.backslash) {
      this.backslash = false;
      return this;
    }
    if (this.backslashEscapes && ch === '\\') {
      this.backslash = true;
      return this;
    }
    if (ch === this.quote) this.closing = true;
    return this;
  }
}

/** After an E'...' string: white space (and `--` comments) with a newline, then a quote, continue it. */
class EStringGap implements State {
  private newline = false;
  private dashes = 0;

  next(ch: string, token: string): State | null {
    if (this.dashes === 2) {
      if (isNewline(ch)) {
        this.dashes = 0;
        this.newline = true;
      }
      return this;
    }
    if (ch === '-') {
      this.dashes += 1;
      return this;
    }
    if (this.dashes === 0) {
      if (isSpace(ch)) {
        this.newline ||= isNewline(ch);
        return this;
      }
      if (this.newline && ch === "'") return new Quoted("'", true);
    }
    return new Ready().next(ch, token);
  }
}

/** After a `$`: a tag of identifier characters and a second `$` open a dollar-quoted body. */
class DollarTag implements State {
  constructor(private readonly offset: number) {}

  next(ch: string, token: string): State | null {
    if (ch === '$') return new DollarBody(token.slice(this.offset));
    if (isIdentChar(ch)) return this;
    return new Ready().next(ch, token);
  }
}

/** In a dollar-quoted body, up to the same $tag$; nothing is escaped. */
class DollarBody implements State {
  constructor(private readonly delimiter: string) {}

  next(_ch: string, token: string): State | null {
    return token.endsWith(this.delimiter) ? new Ready() : this;
  }
}

/** After a `\`: the next character is taken as it is. */
class Backslash implements State {
  next(): State | null {
    return new Ready();
  }
}

/** Inside parentheses: a `;` does not end the statement. */
class Parens implements State {
  constructor(private inner: State) {}

  next(ch: string, token: string): State | null {
    const inner = this.inner.next(ch, token);
    if (inner === null) {
      this.inner = new Ready();
      return this;
    }
    this.inner = inner;
    if (!(inner instanceof Ready)) return this;
    return ch === ')' ? new Ready() : this;
  }
}

/** In a `BEGIN ATOMIC` body: `;` separates its statements, and an `END` that starts one ends the body. */
class Atomic implements State {
  private pendingEnd = false;
  private statementHasContent = false;

  constructor(
    private inner: State,
    private statementStart: number,
  ) {}

  next(ch: string, token: string): State | null {
    const pending = this.pendingEnd;
    this.pendingEnd = false;
    if (pending && !isIdentChar(ch)) return new Ready().next(ch, token);
    const inner = this.inner.next(ch, token);
    if (inner === null) {
      this.inner = new Ready();
      this.statementStart = token.length;
      this.statementHasContent = false;
      return this;
    }
    this.inner = inner;
    if (!(inner instanceof Ready)) return this;
    if (!this.statementHasContent && endsWithWord(token, 'END')) {
      if (isBlank(token.slice(this.statementStart, token.length - 3))) this.pendingEnd = true;
      else this.statementHasContent = true;
    }
    return this;
  }
}

function isIdentChar(ch: string): boolean {
  const code = ch.codePointAt(0);
  return code !== undefined && (code >= 128 || /[A-Za-z0-9_$]/u.test(ch));
}

/** The character before position `at` of `text` can be part of an identifier. */
function followsIdentChar(text: string, at: number): boolean {
  if (at <= 0) return false;
  const before = Array.from(text.slice(Math.max(0, at - 2), at)).at(-1);
  return before !== undefined && isIdentChar(before);
}

/** `text` ends with the keyword `word` (ASCII case-insensitive), not as the tail of a longer identifier. */
function endsWithWord(text: string, word: string): boolean {
  const at = text.length - word.length;
  if (at < 0 || asciiUpper(text.slice(at)) !== word) return false;
  return !followsIdentChar(text, at);
}

/** `text` ends with BEGIN, white space, ATOMIC. */
function endsWithBeginAtomic(text: string): boolean {
  if (!endsWithWord(text, 'ATOMIC')) return false;
  let at = text.length - 'ATOMIC'.length;
  while (at > 0 && isSpace(text[at - 1])) at -= 1;
  return endsWithWord(text.slice(0, at), 'BEGIN');
}

function asciiUpper(text: string): string {
  return text.replace(/[a-z]/g, (c) => c.toUpperCase());
}

function isSpace(ch: string): boolean {
  return ' \t\n\r\f\v'.includes(ch);
}

function isNewline(ch: string): boolean {
  return ch === '\n' || ch === '\r';
}

function commentDelimiter(pair: string): number {
  return pair === '/*' ? 1 : pair === '*/' ? -1 : 0;
}

/** `text` holds nothing but white space and comments. */
function isBlank(text: string): boolean {
  let i = 0;
  while (i < text.length) {
    if (isSpace(text[i])) {
      i += 1;
    } else if (text.startsWith('--', i)) {
      const eol = text.slice(i + 2).search(/[\n\r]/u);
      if (eol === -1) return true;
      i += eol + 3;
    } else if (text.startsWith('/*', i)) {
      let depth = 1;
      let afterDelimiter = true;
      i += 2;
      while (i < text.length && depth > 0) {
        const step: number = afterDelimiter ? 0 : commentDelimiter(text.slice(i - 1, i + 1));
        afterDelimiter = step !== 0;
        depth += step;
        i += 1;
      }
      if (depth > 0) return true;
    } else {
      return false;
    }
  }
  return true;
}
