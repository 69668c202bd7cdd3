/**
 * The shared SQL is written once with `?` placeholders (SQLite's); PostgreSQL numbers them. No
 * shared statement holds a `?` inside a literal, so the rewrite is positional and exact.
 */
export function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** `numbered` over every statement of a set. */
export function numberedAll<T extends Record<string, string>>(statements: T): T {
  return Object.fromEntries(Object.entries(statements).map(([k, v]) => [k, numbered(v)])) as T;
}
