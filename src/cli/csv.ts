/** CSV output of the CLI; csv-stringify is loaded only when a command prints CSV. */
export async function toCsv(rows: readonly object[], columns?: readonly string[]): Promise<string> {
  const { stringify } = await import('csv-stringify/sync');
  return stringify(rows as object[], { header: true, ...(columns ? { columns: [...columns] } : {}) });
}
