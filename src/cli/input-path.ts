/** A field of a command's input named by a dotted path (`context.market`): set, made where missing, and read; and a flag's name among commander's options. */
export function setField(input: Record<string, unknown>, field: string, value: unknown): void {
  const [head, ...rest] = field.split('.') as [string, ...string[]];
  if (rest.length === 0) input[head] = value;
  else setField((input[head] ??= {}) as Record<string, unknown>, rest.join('.'), value);
}

export function getField(input: Record<string, unknown>, field: string): unknown {
  return field.split('.').reduce<unknown>((at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), input);
}

/** The name of a flag's value in commander's options (`--cap-tolerance` → `capTolerance`; a negatable `--no-probe` → `probe`). */
export const optionName = (flag: string): string => flag.replace(/^--(no-)?/, '').replace(/-([a-z])/g, (_, ch: string) => ch.toUpperCase());
