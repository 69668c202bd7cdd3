import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SvcError, isSvcError } from '../../src/domain/index.js';

describe('SvcError', () => {
  it('carries a code, message, reason and failing paths, and no HTTP status', () => {
    const e = SvcError.validation('bad', [{ path: 'a.b', message: 'm' }], 'why');
    expect('status' in e).toBe(false);
    expect(e.code).toBe('validation_error');
    expect(e.reason).toBe('why');
    expect(e.isCallerFault).toBe(true);
    expect(e.toJSON()).toEqual({ code: 'validation_error', message: 'bad', reason: 'why', issues: [{ path: 'a.b', message: 'm' }] });
    expect(isSvcError(e)).toBe(true);
    expect(new SvcError('upstream_error', 'x').isCallerFault).toBe(false);
  });

  it('turns a zod error into dotted paths with an optional prefix', () => {
    const r = z.object({ settings: z.object({ n: z.number().max(2) }) }).safeParse({ settings: { n: 3 } });
    expect(r.success).toBe(false);
    if (r.success) return;
    const e = SvcError.fromZod(r.error, 'body');
    expect(e.issues[0]?.path).toBe('body.settings.n');
    expect(e.message).toContain('body.settings.n');
  });

  it('says a value outside an enum as the choices and the value given, not zod\'s raw `Invalid option: expected one of "PL"|…`', () => {
    const schema = z.strictObject({ border: z.enum(['PL', 'SK', 'HU', 'RO', 'MD']).optional(), side: z.enum(['buy', 'sell']), only: z.literal('x').optional(), days: z.array(z.enum(['a', 'b'])).optional() });
    const input = { border: 'XX', only: 'y', days: ['a', 7] };
    const r = schema.safeParse(input);
    if (r.success) throw new Error('expected issues');
    const e = SvcError.fromZod(r.error, '', input);
    expect(e.issues).toEqual([
      { path: 'border', message: 'must be one of PL, SK, HU, RO, MD (got "XX")' },
      { path: 'side', message: 'required: one of buy, sell' },
      { path: 'only', message: 'must be x (got "y")' },
      { path: 'days.1', message: 'must be one of a, b (got 7)' },
    ]);
    expect(e.message).toBe('invalid input: border: must be one of PL, SK, HU, RO, MD (got "XX") (3 more issues)');
    // Without the input the choices alone; a Standard Schema issue without zod's code passes unchanged.
    expect(SvcError.fromZod(r.error).issues[0]?.message).toBe('must be one of PL, SK, HU, RO, MD');
    expect(SvcError.fromIssues([{ message: 'after to', path: ['from'] }], '', { from: 'x' }).issues).toEqual([{ path: 'from', message: 'after to' }]);
  });
});
