// Builds the SYNTHETIC sample documents fixtures/tsoplatform/sample-{load,generation,prices-*}.xml
// for the Kyiv day 01.11.2022. The numbers are invented (plausible shapes, deterministic formulas
// below), not platform data: they exercise the parsers and the reads offline.
//   node bench/make-tsoplatform-samples.mjs
import { writeFileSync } from 'node:fs';

const UA = '10Y1001C--000182';
const START = '2022-10-31T22:00Z';
const END = '2022-11-01T22:00Z';
const shape = (h) => 0.5 - 0.5 * Math.cos(((h - 4) / 24) * 2 * Math.PI); // 0 at 04:00, 1 at 16:00

function document(type, extraHead, series) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- SYNTHETIC SAMPLE made for svc tests (bench/make-tsoplatform-samples.mjs); not platform data. -->
<Publication_MarketDocument xmlns="urn:iec62325.351:tc57wg16:451-3:publicationdocument:7:0">
  <mRID>svc-sample-${type}</mRID>
  <revisionNumber>1</revisionNumber>
  <type>${type}</type>
${extraHead}  <createdDateTime>2022-11-02T00:00:00Z</createdDateTime>
  <period.timeInterval>
    <start>${START}</start>
    <end>${END}</end>
  </period.timeInterval>
${series.join('\n')}
</Publication_MarketDocument>
`;
}

function timeSeries({ id, head, resolution, curveType, points, tag = 'quantity' }) {
  const pts = points.map(([pos, v]) => `        <Point>\n          <position>${pos}</position>\n          <${tag}>${v}</${tag}>\n        </Point>`);
  return `  <TimeSeries>
    <mRID>${id}</mRID>
${head}    <curveType>${curveType}</curveType>
    <Period>
      <timeInterval>
        <start>${START}</start>
        <end>${END}</end>
      </timeInterval>
      <resolution>${resolution}</resolution>
${pts.join('\n')}
    </Period>
  </TimeSeries>`;
}

const hours = Array.from({ length: 24 }, (_, h) => h);
// Load: day-ahead forecast (A01) and realised (A16), hourly.
const load = document('A65', '  <process.processType>A16</process.processType>\n', [
  timeSeries({
    id: 1, resolution: 'PT60M', curveType: 'A01',
    head: `    <businessType>A04</businessType>\n    <outBiddingZone_Domain.mRID codingScheme="A01">${UA}</outBiddingZone_Domain.mRID>\n    <quantity_Measure_Unit.name>MAW</quantity_Measure_Unit.name>\n`,
    points: hours.map((h) => [h + 1, Math.round(11000 + 4000 * shape(h))]),
  }),
]);
// Generation per production type; hydro uses curve type A03 with omitted repeated positions.
const psr = [
  ['B14', () => 7000], ['B05', (h) => 2200 + Math.round(600 * shape(h))], ['B04', (h) => 500 + Math.round(200 * shape(h))],
  ['B12', (h) => (h < 6 ? 800 : h < 18 ? 1500 : 1100)], ['B19', (h) => 250 + (h % 5) * 20], ['B16', (h) => (h >= 8 && h <= 16 ? Math.round(900 * Math.sin(((h - 7) / 10) * Math.PI)) : 0)],
  ['B20', () => 400],
];
const gen = document('A75', '  <process.processType>A16</process.processType>\n', psr.map(([code, f], i) => {
  const all = hours.map((h) => [h + 1, f(h)]);
  const points = code === 'B12' ? all.filter(([, v], k) => k === 0 || all[k - 1][1] !== v) : all;
  return timeSeries({
    id: i + 1, resolution: 'PT60M', curveType: code === 'B12' ? 'A03' : 'A01', points,
    head: `    <businessType>A01</businessType>\n    <inBiddingZone_Domain.mRID codingScheme="A01">${UA}</inBiddingZone_Domain.mRID>\n    <quantity_Measure_Unit.name>MAW</quantity_Measure_Unit.name>\n    <MktPSRType>\n      <psrType>${code}</psrType>\n    </MktPSRType>\n`,
  });
}));
writeFileSync('fixtures/tsoplatform/sample-load.xml', load);
writeFileSync('fixtures/tsoplatform/sample-generation.xml', gen);
// 15-minute day-ahead prices of the neighbours (96 points), EUR/MWh.
const EIC = { PL: '10YPL-AREA-----S', SK: '10YSK-SEPS-----K', HU: '10YHU-MAVIR----U', RO: '10YRO-TEL------P' };
Object.entries(EIC).forEach(([zone, eic], z) => {
  const points = Array.from({ length: 96 }, (_, q) => [q + 1, (120 + 10 * z + 80 * shape(q / 4) + (q % 4) * 1.25).toFixed(2)]);
  writeFileSync(`fixtures/tsoplatform/sample-prices-${zone}.xml`, document('A44', '', [timeSeries({
    id: 1, resolution: 'PT15M', curveType: 'A01', tag: 'price.amount', points,
    head: `    <businessType>A62</businessType>\n    <in_Domain.mRID codingScheme="A01">${eic}</in_Domain.mRID>\n    <out_Domain.mRID codingScheme="A01">${eic}</out_Domain.mRID>\n    <currency_Unit.name>EUR</currency_Unit.name>\n    <price_Measure_Unit.name>MWH</price_Measure_Unit.name>\n`,
  })]));
});
