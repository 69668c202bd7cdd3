/** `svc forecast evaluate --exog`: the exogenous series each forecast used and their source, in the table and in JSON, and base read offline from the shipped fixtures (built CLI, no network). */
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { realBook } from '../engines/backtest-fixture.js';
import { svc, tempDir } from './helpers.js';

/** Oct–Dec 2024 of the shipped prices: a short fit. */
function smallBook(): string {
  const rows = ['date,hour,price_uah_mwh'];
  for (const [d, day] of Object.entries(realBook().book)) if (d.endsWith('.2024') && Number(d.slice(3, 5)) >= 10) for (const p of day) rows.push(`${d},${p.hour},${p.priceUahMwh.toFixed(2)}`);
  const path = join(tempDir(), 'book.csv');
  writeFileSync(path, `${rows.join('\n')}\n`);
  return path;
}

describe('svc forecast evaluate --exog', () => {
  it('table and JSON name every exogenous series and where its days came from; a wrong mode is exit 2', async () => {
    const book = smallBook();
    const env = { SVC_MARKET_DATA: 'fixture' };
    const table = await svc(['forecast', 'evaluate', book, '--from', '20.12.2024', '--to', '20.12.2024', '--exog', 'lagged', '--no-color'], { env });
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toContain('exogenous inputs (--exog lagged), as available at 11:00 Kyiv on D-1');
    for (const s of ['eu-dam', 'nbu-rate', 'caps', 'calendar', 'ua-res-solar', 'ua-res-wind']) expect(table.stdout).toContain(s);
    expect(table.stdout).toContain('book … missing: for how many days of the book each series came from each source, or was missing (the calendar is computed, not read)');
    const json = await svc(['forecast', 'evaluate', book, '--from', '20.12.2024', '--to', '20.12.2024', '--exog', 'lagged', '--format', 'json'], { env });
    expect(json.exitCode).toBe(0);
    const body = JSON.parse(json.stdout) as { exogenous: { mode: string; series: { series: string; provider: string; days: Record<string, number> }[] } };
    expect(body.exogenous.mode).toBe('lagged');
    const solar = body.exogenous.series.find((s) => s.series === 'ua-res-solar');
    expect(solar).toMatchObject({ provider: 'uares', days: { fixture: 103, cache: 0, live: 0, missing: 0 } });
    const off = await svc(['forecast', 'evaluate', book, '--from', '20.12.2024', '--to', '20.12.2024', '--exog', 'off', '--no-color'], { env });
    expect(off.stdout).toContain('exogenous inputs: none (--exog off): prices only');
    // The default is base (what the served forecasts use): without SVC_MARKET_DATA (auto) its days
    // all come from the shipped fixtures; an unreachable NBU address proves no live read was needed.
    const byDefault = await svc(['forecast', 'evaluate', book, '--from', '20.12.2024', '--to', '20.12.2024', '--format', 'json'], { env: { SVC_RATES_BASE_URL: 'http://127.0.0.1:9' } });
    expect(byDefault.exitCode).toBe(0);
    const dflt = JSON.parse(byDefault.stdout) as typeof body;
    expect(dflt.exogenous).toMatchObject({ mode: 'base', requested: 'base', fallback: null });
    expect(dflt.exogenous.series.map((s) => s.series)).toEqual(['eu-dam', 'nbu-rate', 'caps', 'calendar']);
    for (const s of dflt.exogenous.series.slice(0, 2)) expect(s.days).toEqual({ book: 0, fixture: 103, cache: 0, live: 0, missing: 0 });
    const bad = await svc(['forecast', 'evaluate', book, '--exog', 'tomorrow']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--exog: expected one of off, base, lagged, projected');
  }, 600_000);
});
