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
});
