/**
 * A range whose --from is after its --to reads one way in every command (domain/range-order.ts):
 * `--from 31.12.2024 is after --to 01.12.2024`, exit 2. It read three ways: "--from: must not be
 * after to" (flows, prices fetch, no dates), "--from … is after --to …" (book commands), "from … is
 * after to …" (forecast evaluate, the reports). The ops say the same with their field names.
 */
import { describe, expect, it } from 'vitest';
import { Month } from '../../src/domain/common.js';
import { isReversedRange, rangeAfterError } from '../../src/domain/range-order.js';
import { couplingFlows } from '../../src/ops/grid/coupling.js';
import { call, localCtx } from '../ops/helpers.js';
import { FIXTURE } from './helpers.js';
import { cli } from './in-process.js';

const env = { SVC_MARKET_DATA: 'fixture' };

describe('--from after --to', () => {
  it.each([
    [['flows', '--from', '27.03.2023', '--to', '25.03.2023'], '27.03.2023', '25.03.2023'],
    [['prices', 'stats', FIXTURE, '--from', '31.12.2024', '--to', '01.12.2024'], '31.12.2024', '01.12.2024'],
    [['prices', 'profile', FIXTURE, '--from', '31.12.2024', '--to', '01.12.2024'], '31.12.2024', '01.12.2024'],
    [['backtest', FIXTURE, '--from', '31.12.2024', '--to', '01.12.2024'], '31.12.2024', '01.12.2024'],
    [['forecast', 'evaluate', FIXTURE, '--from', '10.12.2024', '--to', '01.12.2024'], '10.12.2024', '01.12.2024'],
    [['report', 'backtest', FIXTURE, '--from', '31.12.2024', '--to', '01.12.2024'], '31.12.2024', '01.12.2024'],
    [['report', 'forecast', FIXTURE, '--from', '31.12.2024', '--to', '01.12.2024'], '31.12.2024', '01.12.2024'],
    [['prices', 'fetch', '--from', '12.2024', '--to', '10.2024'], '12.2024', '10.2024'],
  ])('svc %j says it one way, with both ends', async (args, from, to) => {
    const r = await cli(args, { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe(`error: --from ${from} is after --to ${to}`);
  });

  it('the ops say it with their field names: from … is after to …', async () => {
    const e = await call(couplingFlows, localCtx(), { from: '27.03.2023', to: '25.03.2023' }).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'validation_error', message: 'from 27.03.2023 is after to 25.03.2023', issues: [{ path: 'from', message: 'after to' }] });
    expect(rangeAfterError('12.2024', '10.2024', ['--from', '--to']).message).toBe('--from 12.2024 is after --to 10.2024');
    expect(isReversedRange('01.01.2025', '31.12.2024')).toBe(true);
    expect(isReversedRange('01.2025', '12.2024')).toBe(true);
    expect(isReversedRange('12.2024', '12.2024')).toBe(false);
    expect(isReversedRange('2025-01-01', '31.12.2024')).toBe(false); // a bad form is the op's to name
  });
});

describe('a month in the wrong form', () => {
  it('is one issue, the form (2024-12 is not also "month must be 01..12")', () => {
    const r = Month.safeParse('2024-12');
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual(['expected a month MM.YYYY']);
    expect(Month.safeParse('13.2024').error?.issues.map((i) => i.message)).toEqual(['month must be 01..12']);
  });
});
