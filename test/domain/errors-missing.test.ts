/** A missing field in a request says so plainly (issue 34 item 5: "expected number, received undefined" was the validator's wording). */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { SvcError } from '../../src/domain/errors.js';

describe('SvcError.fromIssues', () => {
  it('a missing field: "required: a number is missing", with its path; other messages unchanged', () => {
    const schema = z.object({ settings: z.object({ volumeMwh: z.number(), name: z.string().optional() }) });
    const missing = schema.safeParse({ settings: {} });
    const e = SvcError.fromIssues(missing.success ? [] : missing.error.issues);
    expect(e.message).toBe('invalid input: settings.volumeMwh: required: a number is missing');
    expect(e.issues[0]).toEqual({ path: 'settings.volumeMwh', message: 'required: a number is missing' });
    const wrong = schema.safeParse({ settings: { volumeMwh: 'x' } });
    expect(SvcError.fromIssues(wrong.success ? [] : wrong.error.issues).message).toMatch(/expected number, received string/);
  });
});
