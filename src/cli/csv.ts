/** CSV output of the CLI; csv-stringify is loaded only when a command prints CSV. */
export async function toCsv(rows: readonly object[], columns?: readonly string[]): Promise<string> {
  const { stringify } = await import('csv-stringify/sync');
  // csv-stringify writes false as an empty field by default; a CSV reader must see `false`.
  return stringify(rows as object[], { header: true, cast: { boolean: (v: boolean) => (v ? 'true' : 'false') }, ...(columns ? { columns: [...columns] } : {}) });
}
