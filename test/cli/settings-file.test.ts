/** --settings files as the examples ship them: a battery-only file given to a command that reads a flat file as spread settings says how to wrap it. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE, ROOT } from './helpers.js';
import { cli } from './in-process.js';

describe('--settings with the other record’s keys', () => {
  it('brief with examples/bess-settings.json: exit 2 naming the keys and the wrapping', async () => {
    const r = await cli(['brief', FIXTURE, '--date', '15.12.2024', '--settings', join(ROOT, 'examples', 'bess-settings.json')]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--settings: capacityMwh, powerMw, roundTripEfficiency, maxCyclesPerDay, degradationCostUahMwh are keys of bessSettings');
    expect(r.stderr).toContain('{ "bessSettings": {...} }');
    expect(r.stdout).toBe('');
  });

  it('the same file wrapped is the brief’s battery', async () => {
    const r = await cli(['brief', FIXTURE, '--date', '15.12.2024', '--settings', join(ROOT, 'examples', 'settings.json'), '--lang', 'en', '--format', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain('1 MW / 2 MWh');
  });
});
