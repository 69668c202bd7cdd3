/**
 * The steps of `svc brief` around the brief (src/ops/cli-steps.ts): `--caps [file]` reads the caps
 * table and runs `brief.priceCapContext` for the day first, its context becoming
 * `context.regulatory.priceCap`; `--receipt out.json` writes the receipt of the same request.
 */
import { SvcError } from '../../domain/errors.js';
import { fileErrorWords } from '../../domain/file-errors.js';
import type { NoEgressReceipt } from '../../engines/receipt.js';
import type { PreStepBinding, SideFile, StepValues } from '../cli-steps.js';
import type { TradingBriefOpInput } from './brief-input.js';

const DEFAULT_CAP_TOLERANCE = 0.01;

function capTolerance(values: StepValues): number {
  const text = values.capTolerance;
  if (text === undefined) return DEFAULT_CAP_TOLERANCE;
  const v = Number(text);
  if (text === true || text.trim() === '' || !Number.isFinite(v) || v < 0) {
    throw SvcError.validation(`--cap-tolerance: expected a number >= 0 (UAH/MWh), got "${String(text)}"`, [{ path: '--cap-tolerance', message: 'expected >= 0' }]);
  }
  return v;
}

export const briefCapsStep: PreStepBinding<TradingBriefOpInput> = {
  flags: {
    caps: { flag: '--caps', value: 'caps.csv', optional: true, help: 'add the regulator price caps in force on the date (default table: fixtures/ua-price-caps.csv)' },
    capTolerance: { flag: '--cap-tolerance', value: 'uah', help: `UAH/MWh within which a price counts as at a cap (default ${DEFAULT_CAP_TOLERANCE})` },
  },
  when: 'caps',
  check: (values) => void capTolerance(values),
  op: async () => (await import('./brief-price-cap.js')).briefPriceCapContext,
  async input(input, values) {
    const { loadCapsTable, DEFAULT_CAPS_PATH } = await import('../facade/reference-files.js');
    const path = typeof values.caps === 'string' ? values.caps : DEFAULT_CAPS_PATH;
    const table = await loadCapsTable(path).catch((e: unknown) => {
      if ((e as { code?: unknown }).code === 'validation_error') throw e;
      throw SvcError.validation(`--caps: cannot read the caps table ${path}: ${fileErrorWords(e)}`, [{ path: '--caps', message: 'cannot read the caps table' }]);
    });
    const market = input.context?.market ?? 'DAM';
    const caps = table.capsFor(input.tradeDate, market);
    const otherwise = `--caps: no numeric ${market} price caps in force on ${input.tradeDate} in ${table.source}; the brief goes without them`;
    return caps ? { input: { prices: input.prices, caps, toleranceUahMwh: capTolerance(values) }, otherwise } : { skip: otherwise };
  },
  pick: (output) => (output as { priceCap: unknown }).priceCap,
  into: 'context.regulatory.priceCap',
};

export const briefReceiptFile: SideFile = {
  flag: { flag: '--receipt', value: 'out.json', help: 'also write a signed no-egress receipt and the declared inputs to this file' },
  op: async () => (await import('./receipt.js')).tradingBriefReceipt,
  text: (bundle) => `${JSON.stringify(bundle, null, 2)}\n`,
  says: (bundle, path) => {
    const { receipt } = bundle as { receipt: NoEgressReceipt };
    return `receipt written to ${path} (key ${receipt.signature.keyId}, inputs sha256 ${receipt.inputsHash.value.slice(0, 16)}…)`;
  },
};
