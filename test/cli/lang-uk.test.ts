/**
 * `--lang uk` on the commands whose tables learnt Ukrainian last (risk, regime, flows, depth,
 * forecast evaluate, doctor, audit, system, zones): Ukrainian headers, no English ones; the CSV
 * and JSON the same in both languages, except risk's explanations, which the engine says in the
 * language asked for. On the shipped fixtures, in process.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { FIXTURE, ROOT, tempDir } from './helpers.js';
import { cli } from './in-process.js';

const FIXTURES = { SVC_MARKET_DATA: 'fixture' };
const SHOW = process.env.SHOW_UK === '1';

/** The uk table holds every Ukrainian word and none of the English ones. */
function expectWords(text: string, uk: readonly string[], en: readonly string[]): void {
  if (SHOW) console.log(text);
  for (const w of uk) expect(text).toContain(w);
  for (const w of en) expect(text).not.toContain(w);
}

describe('svc risk --lang uk', () => {
  it('the headers, the check names, the units and the lines under the table and the explanations in Ukrainian; the CSV the same but for the explanations', async () => {
    const args = ['risk', FIXTURE, '--date', '15.12.2024', '--fee', '10', '--no-color'];
    const uk = await cli(['--lang', 'uk', ...args]);
    expect(uk.exitCode, uk.stderr).toBe(0);
    expectWords(uk.stdout, ['Ризик-обмеження · 15.12.2024', '│ Перевірка', '│ Стан', '│ Значення', '│ Пояснення', 'Джерело даних', 'Цикли УЗЕ', ' грн ', 'Оцінка 100/100 · стан ready', 'Не задано: вартість зносу (--degradation)', 'Схвалення людиною потрібне завжди'], ['Risk guardrails', '│ Check', '│ Status', '│ Value', 'Score', 'Not supplied', 'cycles']);
    expect(uk.stdout).toMatch(/\d\u00a0\d{3},\d{2} грн/);
    // The explanations come from the engine in the language asked for (the op's locale), wrapped in the cell.
    const flat = uk.stdout.replace(/\s*│\s*/g, ' ').replace(/\s+/g, ' ');
    expectWords(flat, ['Мітку джерела не передано', 'доба повна', 'Аномалій немає', 'Найбільша угода дає', 'Купівлі доби', 'План УЗЕ використовує', 'має затвердити людина', 'обов’язкове'], ['No source label', 'the day is complete', 'No anomaly', 'The largest trade', "The day's purchases", 'The battery plan', 'A person must approve', 'required']);
    // CSV: the same rows, columns, codes and values in both languages; only the explanation is in the language asked for.
    const csv = async (lang: string) => parse((await cli(['--lang', lang, ...args, '--format', 'csv'])).stdout, { columns: true }) as Record<string, string>[];
    const [ukCsv, enCsv] = [await csv('uk'), await csv('en')];
    const withoutDetail = (rows: Record<string, string>[]) => rows.map(({ detail, ...rest }) => (expect(detail).toBeTruthy(), rest));
    expect(withoutDetail(ukCsv)).toEqual(withoutDetail(enCsv));
    expect(ukCsv).toHaveLength(7);
    expect(ukCsv[0]?.detail).toContain('Мітку джерела не передано');
    expect(enCsv[0]?.detail).toContain('No source label was given');
  });
});

describe('svc regime and svc flows --lang uk', () => {
  it('regime: the title, the facts, the inputs table and the disclaimer in Ukrainian; the CSV unchanged', async () => {
    const args = ['regime', '--date', '15.01.2023', '--no-color'];
    const uk = await cli(['--lang', 'uk', ...args], { env: FIXTURES });
    expect(uk.exitCode, uk.stderr).toBe(0);
    expectWords(uk.stdout, ['Режим 15.01.2023: БАЛАНС (balanced) (оцінка -0,27)', 'базис UA–EU', 'EUR/МВт·год', 'нетто-позиція', '35 МВт (баланс)', 'офіційний курс', '39,3570 грн/EUR', 'пороги', '│ Вхідні дані', '│ Дата', '│ Джерело', 'вбудовані дані svc', 'не прогноз і не торгова інструкція'], ['Regime', 'score', 'net position', 'official rate', 'thresholds', '│ Input', '│ Source', 'shipped fixture data', 'not a forecast']);
    const csv = async (lang: string) => (await cli(['--lang', lang, ...args, '--format', 'csv'], { env: FIXTURES })).stdout;
    expect(await csv('uk')).toBe(await csv('en'));
  });

  it('flows: the title, the headers, the chart heading and the total in Ukrainian, the gaps said in Ukrainian; the CSV unchanged', async () => {
    const args = ['flows', '--border', 'RO', '--from', '25.03.2023', '--to', '27.03.2023', '--no-color'];
    const uk = await cli(['--lang', 'uk', ...args], { env: FIXTURES });
    expect(uk.exitCode, uk.stderr).toBe(0);
    expectWords(uk.stdout, ['Фізичні перетоки UA ↔ RO, 25.03.2023–27.03.2023 (МВт; нетто > 0 = імпорт в Україну)', '│ Дата', '│ Година', '│ UA→RO', 'Нетто │', 'Нетто-переток за годинами, 27.03.2023 (МВт): експорт ◀ │ ▶ імпорт', 'Нетто-імпорт 3\u00a0966 МВт·год за 67 з 71 год. з даними; немає нетто-перетоку в 4 з 71 год. (26.03.2023 02, 04, 05, 06).'], ['Physical flows', '│ Date', '│ Hour', 'Net flow by hour', 'Net import', 'MWh', 'no net flow']);
    const csv = async (lang: string) => (await cli(['--lang', lang, ...args, '--format', 'csv'], { env: FIXTURES })).stdout;
    expect(await csv('uk')).toBe(await csv('en'));
  });
});

describe('svc depth and svc zones --lang uk', () => {
  it('depth import and show: the headers, the hour lines and the disclaimer in Ukrainian; the CSV unchanged', async () => {
    const env = { SVC_DATA_DIR: tempDir('svc-depth-uk-') };
    const imported = await cli(['--lang', 'uk', 'depth', 'import', join(ROOT, 'examples', 'depth-sample.csv')], { env });
    expect(imported.exitCode, imported.stderr).toBe(0);
    expectWords(imported.stdout, ['Торговий день', 'Година', 'Знімок', 'Рівнів продажу'], ['Trade date', 'Captured', 'Sell levels']);
    const args = ['depth', 'show', '--date', '02.03.2026', '--sizes', '5,60', '--no-color'];
    const uk = await cli(['--lang', 'uk', ...args], { env });
    expect(uk.exitCode, uk.stderr).toBe(0);
    expectWords(uk.stdout, ['02.03.2026 година', 'ціна рівноваги', 'грн/МВт·год', 'глибина в межах ±5 %', '│ Напрям', 'Обсяг,', 'Можна', 'Прослизання', 'Ризик', 'прослизання купівлі за обсягом', 'Лише для відображення'], ['hour', 'captured', 'clearing', 'UAH/MWh', 'MWh', 'Side', 'Fillable', 'Slip', 'Risk', 'Display only']);
    const csv = async (lang: string) => (await cli(['--lang', lang, ...args, '--format', 'csv'], { env })).stdout;
    expect(await csv('uk')).toBe(await csv('en'));
  });

  it('zones import and show: the headers and the title in Ukrainian', async () => {
    const env = { SVC_DATA_DIR: tempDir('svc-zones-uk-'), SVC_REGIONAL_LICENSED_ZONES: 'PL', SVC_REGIONAL_LICENCE: 'CC-BY-4.0', SVC_REGIONAL_ATTRIBUTION: 'Sample' };
    const imported = await cli(['--lang', 'uk', 'zones', 'import', join(ROOT, 'examples', 'zones-sample.csv')], { env });
    expect(imported.exitCode, imported.stderr).toBe(0);
    expectWords(imported.stdout, ['│ Дата', 'Ревізія', 'Придатних рядків', 'Зони'], ['Date', 'Revision', 'Usable rows']);
    const uk = await cli(['--lang', 'uk', 'zones', 'show', '--date', '01.11.2022', '--no-color'], { env });
    expect(uk.exitCode, uk.stderr).toBe(0);
    expectWords(uk.stdout, ['Регіональні добові значення РДН', 'ревізія', '│ Зона', 'EUR/МВт·год'], ['Regional', 'revision', 'Zone', 'EUR/MWh']);
  });
});

describe('svc audit and svc doctor --lang uk', () => {
  it('audit add, list and export: the titles, headers and the empty journal in Ukrainian; the CSV unchanged', async () => {
    const env = { SVC_DATA_DIR: tempDir('svc-audit-uk-') };
    const empty = await cli(['--lang', 'uk', 'audit', 'list'], { env });
    expect(empty.exitCode, empty.stderr).toBe(0);
    expectWords(empty.stdout, ['Подій аудиту немає.'], ['No audit events']);
    const added = await cli(['--lang', 'uk', 'audit', 'add', '--type', 'prices_loaded', '--trade-date', '15.12.2024', '--source', 'fixtures/x.csv', '--no-color'], { env });
    expect(added.exitCode, added.stderr).toBe(0);
    expectWords(added.stdout, ['Записано в локальний журнал'], ['Recorded']);
    for (const sub of ['list', 'export']) {
      const uk = await cli(['--lang', 'uk', 'audit', sub, '--no-color'], { env });
      expect(uk.exitCode, uk.stderr).toBe(0);
      expectWords(uk.stdout, ['Створено (UTC)', '│ Тип', 'Торговий день', '│ Хто', '│ Джерело', '│ Метадані', 'prices_loaded'], ['Created', 'Type', 'Trade date', 'Actor', 'Source', 'Metadata']);
      const csv = async (lang: string) => (await cli(['--lang', lang, 'audit', sub, '--format', 'csv'], { env })).stdout;
      expect(await csv('uk')).toBe(await csv('en'));
    }
  });

  it('doctor: the headers and the yes/no cells in Ukrainian; the CSV unchanged', async () => {
    const env = { SVC_MARKET_DATA: 'fixture', SVC_TSOPLATFORM_TOKEN: undefined };
    const uk = await cli(['--lang', 'uk', 'doctor', '--no-probe', '--no-color'], { env });
    expectWords(uk.stdout, ['│ Джерело', 'Адреса', 'Токен задано', 'Доступне', 'Найновіше в кеші', 'Свіжість', 'Резерв', '(типова)'], ['Source', 'Address', 'Token set', 'Reachable', 'Newest cached', 'Freshness', 'Falls back to', '(default)', 'none needed']);
    const csv = async (lang: string) => (await cli(['--lang', lang, 'doctor', '--no-probe', '--format', 'csv'], { env })).stdout.replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, '<time>');
    expect(await csv('uk')).toBe(await csv('en'));
  });
});

describe('svc forecast evaluate --lang uk', () => {
  it('the title, the headers, the lines and the month table in Ukrainian, figures with a decimal comma; the CSV unchanged', async () => {
    const args = ['forecast', 'evaluate', FIXTURE, '--from', '02.12.2024', '--to', '03.12.2024', '--no-color'];
    const uk = await cli(['--lang', 'uk', ...args], { env: FIXTURES });
    expect(uk.exitCode, uk.stderr).toBe(0);
    expectWords(uk.stdout, ['оцінка прогнозу · 02.12.2024 – 03.12.2024 · оцінено днів: 2', '│ Модель', 'Ансамбль LEAR svc', 'MAE,', 'грн/МВт·год', 'rMAE до наївного', 'Покриття p10–p90', 'Діболд–Маріано', 'зовнішні чинники (--exog base)', '│ ряд', '│ Місяць'], ['forecast evaluation', 'Model', 'UAH/MWh', 'vs naive', 'Coverage', 'exogenous inputs', '│ series', 'Month']);
    expect(uk.stdout).toMatch(/│ Ансамбль LEAR svc +│ +2 │ +[\d\u00a0]+,\d{2} │/);
    const csv = async (lang: string) => (await cli(['--lang', lang, ...args, '--format', 'csv'], { env: FIXTURES })).stdout;
    expect(await csv('uk')).toBe(await csv('en'));
  });
});
