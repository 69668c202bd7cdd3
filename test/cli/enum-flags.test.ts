/**
 * An enum flag's bad value reads as the choices and the value given, in every command and route
 * (SvcError.fromIssues, the one place zod's issues become messages): `--border: must be one of PL,
 * SK, HU, RO, MD (got "XX")`, not `--border: Invalid option: expected one of "PL"|"SK"|…`.
 */
import { describe, expect, it } from 'vitest';
import { couplingFlows } from '../../src/ops/grid/coupling.js';
import { invoke } from '../../src/ops/invoke.js';
import { localCtx } from '../ops/helpers.js';
import { cli } from './in-process.js';

const env = { SVC_MARKET_DATA: 'fixture' };

describe('an enum flag given a value outside its choices', () => {
  it.each([
    [['flows', '--border', 'XX'], '--border: must be one of PL, SK, HU, RO, MD (got "XX")'],
    [['audit', 'add', '--type', 'bogus', '--trade-date', '15.12.2024', '--source', 'x'], '--type: must be one of prices_loaded, csv_imported, ai_brief_generated, plan_exported (got "bogus")'],
    [['depth', 'show', '--date', '02.03.2026', '--side', 'up'], '--side: must be one of buy, sell, both (got "up")'],
    [['op', 'run', 'coupling.flows', '--input', '{"border":"XX"}'], 'invalid input: border: must be one of PL, SK, HU, RO, MD (got "XX")'],
  ])('svc %j', async (args, says) => {
    const r = await cli(args, { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe(`error: ${says}`);
  });

  it('the HTTP door (query parsed by zod, through invoke) says it the same way', async () => {
    const e = await invoke(couplingFlows, localCtx(), { border: 'XX' }, { parse: (raw) => couplingFlows.input.safeParse(raw) }).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'validation_error', message: 'invalid input: border: must be one of PL, SK, HU, RO, MD (got "XX")', issues: [{ path: 'border', message: 'must be one of PL, SK, HU, RO, MD (got "XX")' }] });
  });
});
