import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TradingBriefResponse } from '../../src/domain/brief.js';
import { FIXTURE, WEEK, tempDir } from './helpers.js';
import { cli } from './in-process.js';

const DAY = ['--date', '15.12.2024'];
const SETTINGS = ['--volume', '2', '--min-spread', '300', '--max-trades', '4', '--fee', '12'];

describe('svc brief', () => {
  it('uses battery settings from --settings (never ignores them) and rejects bad ones naming the file', async () => {
    const dir = tempDir('svc-brief-');
    const file = join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify({ strategySettings: { volumeMwh: 2, minSpreadUah: 0, maxTradesPerDay: 4 }, bessSettings: { capacityMwh: 4, powerMw: 2, roundTripEfficiency: 0.85, maxCyclesPerDay: 2 } }));
    const r = await cli(['brief', FIXTURE, ...DAY, '--settings', file, '--locale', 'en', '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const body = TradingBriefResponse.parse(JSON.parse(r.stdout));
    const limitations = body.brief.auditTrail.limitations.join(' ');
    expect(limitations).toContain('settings given (2 MW, 4 MWh');
    expect(limitations).not.toContain('default parameters');
    writeFileSync(file, JSON.stringify({ strategySettings: { volumeMwh: 2, minSpreadUah: 0, maxTradesPerDay: 4 }, bessSettings: { capacityMwh: -1, powerMw: 2, roundTripEfficiency: 0.85, maxCyclesPerDay: 2 } }));
    const bad = await cli(['brief', FIXTURE, ...DAY, '--settings', file]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('bessSettings.capacityMwh');
  });

  it('takes the battery flags of `svc bess` (issue 34): the brief\'s battery is the user\'s asset; no flag: the defaults, said so', async () => {
    const r = await cli(['brief', FIXTURE, '--date', '02.12.2024', '--capacity', '2', '--power', '1', '--format', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const limitations = TradingBriefResponse.parse(JSON.parse(r.stdout)).brief.auditTrail.limitations.join(' ');
    expect(limitations).toContain('settings given (1 MW, 2 MWh');
    // The user's battery is in the headline and named as theirs; its profit is the battery plan's.
    const stated = TradingBriefResponse.parse(JSON.parse(r.stdout)).brief;
    const own = await cli(['bess', FIXTURE, '--date', '02.12.2024', '--capacity', '2', '--power', '1', '--format', 'json']);
    const profit = Math.round((JSON.parse(own.stdout) as { plan: { netProfitUah: number } }).plan.netProfitUah);
    expect(profit).toBeGreaterThan(0);
    expect(stated.summary).toContain(`Your battery (1 MW / 2 MWh): ${profit.toLocaleString('en-US')} UAH net`);
    expect(stated.marketContext.join(' ')).toContain('Your battery, 1 MW / 2 MWh');
    expect(stated.marketContext.join(' ')).not.toContain('For reference: a');
    const plain = TradingBriefResponse.parse(JSON.parse((await cli(['brief', FIXTURE, '--date', '02.12.2024', '--format', 'json'])).stdout));
    expect(plain.brief.auditTrail.limitations.join(' ')).toContain('default parameters');
    expect(plain.brief.summary).not.toContain('battery');
    expect(plain.brief.marketContext.join(' ')).toContain('For reference: a 1 MW / 1 MWh battery');
    const help = (await cli(['brief', '--help'])).stdout;
    const bessHelp = (await cli(['bess', '--help'])).stdout;
    for (const flag of ['--capacity', '--power', '--efficiency', '--max-cycles', '--degradation', '--min-soc', '--lot', '--volume', '--fee', '--settings', '--plan-on']) {
      expect(help, flag).toContain(flag);
    }
    for (const flag of ['--capacity', '--power', '--efficiency', '--max-cycles', '--degradation']) expect(bessHelp, flag).toContain(flag);
    const bad = await cli(['brief', FIXTURE, '--date', '02.12.2024', '--efficiency', '1.2']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--efficiency: must be 0.01..1 (got 1.2)');
  });

  it('speaks the global --lang: English by default, Ukrainian with --locale uk or --lang uk; --locale wins', async () => {
    const english = await cli(['brief', FIXTURE, ...DAY, ...SETTINGS]);
    expect(english.exitCode).toBe(0);
    expect(english.stdout).toMatch(/^Trading brief · 15\.12\.2024/);
    expect(english.stdout).not.toContain('Рішення:');
    const json = TradingBriefResponse.parse(JSON.parse((await cli(['brief', FIXTURE, ...DAY, ...SETTINGS, '--format', 'json'])).stdout));
    expect(json.brief.summary).toMatch(/^DAM 15\.12\.2024: /);
    const byLang = await cli(['--lang', 'uk', 'brief', FIXTURE, ...DAY, ...SETTINGS]);
    expect(byLang.stdout).toMatch(/^Торгова довідка · 15\.12\.2024/);
    const localeWins = await cli(['brief', FIXTURE, ...DAY, ...SETTINGS, '--lang', 'uk', '--locale', 'en']);
    expect(localeWins.stdout).toMatch(/^Trading brief · 15\.12\.2024/);
  });

  it('prints the brief as Ukrainian sections with --locale uk', async () => {
    const r = await cli(['brief', FIXTURE, ...DAY, ...SETTINGS, '--locale', 'uk']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^Торгова довідка · 15\.12\.2024/);
    for (const heading of ['Рішення:', 'Чинники', 'Ринок', 'Чек-лист трейдера', 'Аномалії', 'Факти', 'Ідентифікатор обґрунтування: svc-rat-']) expect(r.stdout).toContain(heading);
    expect(r.stdout).toContain('РДН, 15.12.2024');
    expect(r.stdout).toContain('[ ] Звірте ціни');
  });

  it('--locale en --format json prints the API body', async () => {
    const r = await cli(['brief', FIXTURE, ...DAY, ...SETTINGS, '--locale', 'en', '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const body = TradingBriefResponse.parse(JSON.parse(r.stdout));
    expect(body.mode).toBe('deterministic');
    expect(body.usage.model).toBe('svc-rules-v1');
    expect(body.brief.summary).toMatch(/^DAM 15\.12\.2024: /);
    expect(body.auditEvent).toMatchObject({ type: 'ai_brief_generated', actor: 'local-user', source: 'svc-rules-v1' });
  });

  it('--caps --market DAM adds the regulator caps (checked by the brief) and completes the coverage', async () => {
    const r = await cli(['brief', FIXTURE, ...DAY, ...SETTINGS, '--caps', '--market', 'DAM', '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const body = TradingBriefResponse.parse(JSON.parse(r.stdout));
    expect(body.brief.dataCoverage).toMatchObject({ score: 100, missing: [] });
    expect(body.brief.auditTrail.facts.find((f) => f.key === 'capMaxUahMwh')?.value).toBe(9000);
  });

  it('is deterministic across runs: only generatedAt and the audit event id/time differ', async () => {
    const run = async () => {
      const body = TradingBriefResponse.parse(JSON.parse((await cli(['brief', WEEK, '--date', '03.12.2024', '--format', 'json'])).stdout));
      return body.brief;
    };
    const [a, b] = await Promise.all([run(), run()]);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('bad input exits 2 naming the flag', async () => {
    const date = await cli(['brief', FIXTURE, '--date', '31.02.2024']);
    expect(date.exitCode).toBe(2);
    expect(date.stderr).toContain('--date');
    const locale = await cli(['brief', FIXTURE, ...DAY, '--locale', 'de']);
    expect(locale.exitCode).toBe(2);
    expect(locale.stderr).toContain('--locale');
    const volume = await cli(['brief', FIXTURE, ...DAY, '--volume', '0']);
    expect(volume.exitCode).toBe(2);
    expect(volume.stderr).toContain('--volume');
  });

  it('--receipt writes {receipt, inputs} that `svc receipt verify` accepts', async () => {
    const dataDir = tempDir('svc-data-');
    const file = join(tempDir(), 'receipt.json');
    const env = { SVC_DATA_DIR: dataDir };
    const r = await cli(['brief', FIXTURE, ...DAY, ...SETTINGS, '--receipt', file, '--format', 'json'], { env });
    expect(r.exitCode).toBe(0);
    const bundle = JSON.parse(readFileSync(file, 'utf8')) as { receipt: { receiptVersion: string; rationaleId: string }; inputs: { tradeDate: string } };
    expect(bundle.receipt.receiptVersion).toBe('svc-no-egress-receipt-1');
    expect(bundle.inputs.tradeDate).toBe('15.12.2024');
    expect(bundle.receipt.rationaleId).toBe(TradingBriefResponse.parse(JSON.parse(r.stdout)).brief.auditTrail.rationaleId);
    const v = await cli(['receipt', 'verify', file], { env });
    expect(v.exitCode).toBe(0);
    expect(v.stdout.trim()).toBe('valid');
  });
});
