/**
 * The parts of a command's spec (derive.ts) that go beyond the input's top-level fields: fields
 * inside an object field named by a dotted key of the binding's `flags` (`context.market`), and the
 * flags of the door's steps (src/ops/cli-steps.ts: a pre-step op, side files).
 */
import type { StepFlag } from '../ops/cli-steps.js';
import type { CliBinding } from '../ops/types.js';
import { optionName } from './input-path.js';

type Json = Record<string, unknown>;

/** The schema of a property (zod's `.nullable()` is an anyOf with null). */
function objectOf(schema: Json | undefined): Json | undefined {
  const one = (schema?.anyOf as Json[] | undefined)?.filter((s) => s.type !== 'null');
  const s = one?.length === 1 ? one[0] : schema;
  return s?.properties ? s : undefined;
}

/** `[path, schema]` of each dotted key of the binding's `flags` (not required: inside an object a caller may leave out). */
export function nestedFields(cli: CliBinding<unknown, unknown>, props: Readonly<Record<string, Json>>): [string, Json][] {
  const out: [string, Json][] = [];
  for (const path of Object.keys(cli.flags ?? {})) {
    const [head, ...rest] = path.split('.');
    if (rest.length === 0 || cli.flags?.[path] === false) continue;
    let schema: Json | undefined = props[head as string];
    for (const key of rest) schema = (objectOf(schema)?.properties as Record<string, Json> | undefined)?.[key];
    if (!schema) throw new Error(`cli flag ${path}: no such input field`);
    out.push([path, schema]);
  }
  return out;
}


/** A step's flag as derive.ts's FlagSpec (named here by its shape: derive.ts imports this module). */
interface StepFlagSpec {
  field: string;
  flag: string;
  kind: 'string' | 'boolean';
  value?: string;
  help: string;
  optional?: boolean;
  short?: `-${string}`;
}

/** A step's own flag (`StepFlag`) filling the door field `field`. */
const stepFlagSpec = (field: string, f: StepFlag): StepFlagSpec => ({ field, flag: f.flag, kind: 'string', value: f.value, help: f.help, ...(f.optional ? { optional: true } : {}), ...(f.short ? { short: f.short } : {}) });

/** The flags of the binding's pre-step, range, book kinds and view switches: door flags (`@name`) filling no input field. */
export function stepFlags(cli: CliBinding<unknown, unknown>): StepFlagSpec[] {
  const range = cli.range ? [['date', cli.range.date], ['month', cli.range.month]] as const : [];
  const kinds = (cli.book?.kinds ?? []).flatMap((k) => Object.entries(k.flags ?? {}));
  const steps = [...range, ...Object.entries(cli.before?.flags ?? {}), ...kinds];
  const switches = cli.view && 'blocks' in cli.view ? Object.entries(cli.view.switches ?? {}) : [];
  return [
    ...steps.map(([name, f]) => stepFlagSpec(`@${name}`, f)),
    ...switches.map(([name, s]): StepFlagSpec => ({ field: `@${name}`, flag: s.flag, kind: 'boolean', help: s.help })),
  ];
}

/** The side files' flags (after `--settings` in the help, unless the binding's `order` names them). */
export function sideFileFlags(cli: CliBinding<unknown, unknown>): StepFlagSpec[] {
  return (cli.sideFiles ?? []).map(({ flag: f }) => stepFlagSpec(`@${optionName(f.flag)}`, f));
}
