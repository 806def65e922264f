/** One postgres_changes binding of a channel, as realtime-js sends it in the join payload. */
export interface ChangeSubscription {
  /** A schema name, or '*' for every schema. */
  schema: string;
  /** A table name, or '*' for every table of the schema. */
  table: string;
  event: 'INSERT' | 'UPDATE' | 'DELETE' | '*';
  /** Supabase's filter syntax: 'id=eq.5', 'status=in.(a,b)', several joined by ',' (AND). */
  filter?: string;
}

/** A committed row change, shaped as walrus shapes it for the client. */
export interface CapturedChange {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  /** UTC, millisecond precision: '2026-01-01T12:00:00.000Z'. */
  commit_timestamp: string;
  /** Every column in order, with Postgres' type name (int8, text, timestamptz, _text, ...). */
  columns: { name: string; type: string }[];
  /** The new row (INSERT, UPDATE); null for DELETE. */
  record: Record<string, unknown> | null;
  /**
   * The old replica identity (UPDATE, DELETE): the primary key, or every column with REPLICA
   * IDENTITY FULL (DELETE on a table with RLS: the primary key only, as walrus does); null for INSERT.
   */
  old_record: Record<string, unknown> | null;
  /**
   * walrus' errors, present only when there are some: 'Error 413: Payload Too Large' (the record
   * then holds only values of at most 64 bytes), 'Error 400: Bad Request, no primary key'.
   */
  errors?: string[];
}

/** A binding Supabase would refuse; `message` is Supabase's text, for a system message to the client. */
export class ChangeBindingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChangeBindingError';
  }
}

export interface ChangeFeed {
  /** Validates a binding and makes sure its tables are captured; throws ChangeBindingError. */
  prepare(sub: ChangeSubscription): Promise<void>;
  /** Every committed change of captured tables, in commit order. Returns the unsubscribe function. */
  onChange(listener: (change: CapturedChange) => void): () => void;
  /** Schema, table, event and filters; synchronous, so it can run per binding per change. */
  matches(sub: ChangeSubscription, change: CapturedChange): boolean;
  /** Whether RLS lets this subscriber see the change (DELETE is not checked, as on Supabase). */
  visibleTo(identity: { role: string; claims: Record<string, unknown> }, change: CapturedChange): Promise<boolean>;
  /**
   * visibleTo for several identities at once, one verdict per identity in order: every RLS check
   * of a change runs in one database statement, whatever the number of subscribers.
   */
  visibleToMany(identities: readonly { role: string; claims: Record<string, unknown> }[], change: CapturedChange): Promise<boolean[]>;
  close(): Promise<void>;
}
