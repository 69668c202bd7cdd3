/**
 * `svc brief` on the terminal: the brief as sections in its own language (a document view,
 * src/ops/cli-binding.ts), and as CSV its audit facts.
 */
import type { TradingBriefResponse } from '../../domain/brief.js';
import type { Locale } from '../../domain/common.js';
import type { Block, DocView } from '../types.js';
import type { TradingBriefOpInput } from './brief-input.js';

const HEADINGS = {
  uk: {
    title: 'Торгова довідка', gate: 'Рішення', next: 'Наступні кроки', quality: 'Якість', coverage: 'Повнота даних', sensitivity: 'Чутливість',
    drivers: 'Чинники', market: 'Ринок', checklist: 'Чек-лист трейдера', anomalies: 'Аномалії', none: 'не виявлено', facts: 'Факти',
    missing: 'Бракує', controls: 'Контролі', limitations: 'Обмеження', automation: 'Автоматизація', rationale: 'Ідентифікатор обґрунтування',
  },
  en: {
    title: 'Trading brief', gate: 'Decision', next: 'Next actions', quality: 'Quality', coverage: 'Data coverage', sensitivity: 'Sensitivity',
    drivers: 'Drivers', market: 'Market', checklist: 'Trader checklist', anomalies: 'Anomalies', none: 'none found', facts: 'Facts',
    missing: 'Missing', controls: 'Controls', limitations: 'Limitations', automation: 'Automation', rationale: 'Rationale id',
  },
} as const;

/** Built on first use: constructing Intl formatters at import time costs every command ~15 ms. */
const factNumber: Partial<Record<Locale, Intl.NumberFormat>> = {};
function factNumberFormat(locale: Locale): Intl.NumberFormat {
  return (factNumber[locale] ??= new Intl.NumberFormat(locale === 'uk' ? 'uk-UA' : 'en-GB', { maximumFractionDigits: 2 }));
}

const FACT_UNITS: Record<Locale, Record<string, string>> = {
  uk: { 'UAH/MWh': 'грн/МВт·год', UAH: 'грн', MWh: 'МВт·год', true: 'так', false: 'ні' },
  en: { true: 'yes', false: 'no' },
};

/** A fact for the eye: locale digits, units in the brief's language, scores out of 100. */
function factValue(value: string | number | boolean, unit: string | undefined, locale: Locale): string {
  const words = FACT_UNITS[locale];
  if (typeof value === 'boolean') return words[String(value)] ?? String(value);
  if (typeof value === 'string') return value;
  const text = factNumberFormat(locale).format(value);
  if (unit === 'points') return `${text}/100`;
  if (unit === 'hour') return `${String(value).padStart(2, '0')}:00`;
  return unit && unit !== 'count' ? `${text} ${words[unit] ?? unit}` : text;
}

/** The brief as terminal sections, in the brief's own language (the input's locale). */
export const briefView: DocView<TradingBriefResponse, TradingBriefOpInput> = {
  blocks({ brief }, t, input) {
    const locale: Locale = input.locale === 'uk' ? 'uk' : 'en';
    const H = HEADINGS[locale];
    const colour = brief.actionGate.status === 'ready' ? 'green' : brief.actionGate.status === 'review' ? 'yellow' : 'red';
    const lines: Block[] = [];
    const section = (title: string, items: readonly string[], bullet = '•') => {
      lines.push('', t.bold(title));
      if (items.length === 0) lines.push(`  ${t.dim(H.none)}`);
      for (const item of items) lines.push(`  ${bullet} ${item}`);
    };
    lines.push({ title: `${H.title} · ${input.tradeDate}` }, '', brief.summary);
    lines.push('', `${t.bold(H.gate)}: ${t.paint(colour, t.bold(brief.actionGate.label))}`);
    for (const r of brief.actionGate.reasons) lines.push(`  • ${r}`);
    lines.push(`  ${t.dim(`${H.next}:`)}`);
    brief.actionGate.nextActions.forEach((a, i) => lines.push(`  ${i + 1}. ${a}`));
    lines.push(
      '',
      `${t.bold(H.quality)}: ${brief.decisionQuality.label} (${brief.decisionQuality.score}/100) · ${t.bold(H.coverage)}: ${brief.dataCoverage.label} (${brief.dataCoverage.score}/100) · ${t.bold(H.sensitivity)}: ${brief.decisionSensitivity.label} (${brief.decisionSensitivity.score}/100)`,
    );
    if (brief.dataCoverage.missing.length > 0) lines.push(`  ${t.dim(`${H.missing}:`)} ${brief.dataCoverage.missing.join(' · ')}`);
    section(H.drivers, brief.decisionDrivers);
    section(H.market, brief.marketContext);
    section(`${H.sensitivity} (${brief.decisionSensitivity.score}/100)`, brief.decisionSensitivity.checks);
    section(H.checklist, brief.traderChecklist, '[ ]');
    section(H.anomalies, brief.anomalies);
    lines.push('', t.bold(H.facts));
    lines.push({ facts: brief.auditTrail.facts.map((f): [string, string] => [f.label, factValue(f.value, f.unit, locale)]) });
    section(H.controls, brief.auditTrail.controls);
    section(H.limitations, brief.auditTrail.limitations);
    section(H.automation, brief.automationActions);
    lines.push('', `${t.dim(`${H.rationale}:`)} ${brief.auditTrail.rationaleId}`, { dim: brief.aiDisclosure }, { dim: brief.disclaimer });
    return lines;
  },
  csv: {
    rows: (body) => body.brief.auditTrail.facts.map((f) => ({ tradeDate: body.auditEvent.tradeDate, key: f.key, label: f.label, value: f.value, unit: f.unit ?? '' })),
    columns: ['tradeDate', 'key', 'label', 'value', 'unit'],
  },
};
