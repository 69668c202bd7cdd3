/**
 * The market operator replayed for scripts/cli-diff/market-data.json (the market-data commands
 * against a live-looking operator): `npx tsx scripts/cli-diff/mktop-replay.ts` prints its base
 * address (run cli-diff with SVC_MKTOP_BASE_URL set to it) and serves the fixture months' prices and indexes and the sample days' trading
 * results (test/providers/mktop/replay.ts builds the bodies), and fails on purpose for the prices
 * of 06.2024, the indexes of 10.2024 and the results of 05.12.2024 (HTTP 500). Stop it with a signal.
 */
import { fixtureDays, indexesBody, pricesBody, resultsBody, startReplay, volumeDays } from '../../test/providers/mktop/replay.js';

const days = await fixtureDays();
const volumes = volumeDays();
const replay = await startReplay((hit) => {
  const month = hit.form.date ?? '';
  if (hit.path.includes('indexes')) return month === '10.2024' ? { status: 500, body: 'x' } : { body: indexesBody(days, month) };
  if (hit.path.includes('pricectr')) return month === '06.2024' ? { status: 500, body: 'x' } : { body: pricesBody(days, month) };
  const date = hit.path.split('/')[4] ?? '';
  if (date === '05.12.2024') return { status: 500, body: 'x' };
  return { body: resultsBody(volumes.get(date) ?? []) };
});
process.stdout.write(`${replay.base}\n`);
