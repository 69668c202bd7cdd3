// Builds fixtures/tsoplatform/flows-*.xml (platform A11 documents, schema-true) from the real
// physical flows in ../shared/data/entsoe/. Run once from the repository root:
//   node bench/make-tsoplatform-fixtures.mjs
// Only bench/ may read ../shared; the output is committed with its provenance in fixtures/README.md.
import { readFileSync, writeFileSync } from 'node:fs';

const UA = '10Y1001C--000182';
const EIC = { PL: '10YPL-AREA-----S', SK: '10YSK-SEPS-----K', HU: '10YHU-MAVIR----U', RO: '10YRO-TEL------P', MD: '10Y1001A1001A990' };
// Kyiv days 28.10–01.11.2022 (autumn clock change on 30.10) and 25–27.03.2023 (spring, 26.03).
const RANGES = [['2022-10-27T21:00:00Z', '2022-11-01T22:00:00Z'], ['2023-03-24T22:00:00Z', '2023-03-27T21:00:00Z']];

function read(file) {
  const [head, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
  const cols = head.split(',').slice(1);
  const rows = new Map();
  for (const line of lines) {
    const [stamp, ...vals] = line.split(',');
    const ms = Date.parse(stamp.replace(' ', 'T'));
    rows.set(ms, Object.fromEntries(cols.map((c, i) => [c, vals[i]])));
  }
  return rows;
}

const iso = (ms) => new Date(ms).toISOString().replace(':00.000Z', 'Z');

function doc(border, exports, rows) {
  const outD = exports ? UA : EIC[border];
  const inD = exports ? EIC[border] : UA;
  const series = RANGES.map(([s, e], i) => {
    const start = Date.parse(s), end = Date.parse(e);
    const points = [];
    for (let t = start, pos = 1; t < end; t += 3_600_000, pos++) {
      const v = rows.get(t)?.[border];
      if (v !== undefined && v !== '') points.push(`        <Point>\n          <position>${pos}</position>\n          <quantity>${Number(v)}</quantity>\n        </Point>`);
    }
    return `  <TimeSeries>
    <mRID>${i + 1}</mRID>
    <businessType>A66</businessType>
    <in_Domain.mRID codingScheme="A01">${inD}</in_Domain.mRID>
    <out_Domain.mRID codingScheme="A01">${outD}</out_Domain.mRID>
    <quantity_Measure_Unit.name>MAW</quantity_Measure_Unit.name>
    <curveType>A01</curveType>
    <Period>
      <timeInterval>
        <start>${iso(start)}</start>
        <end>${iso(end)}</end>
      </timeInterval>
      <resolution>PT60M</resolution>
${points.join('\n')}
    </Period>
  </TimeSeries>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<Publication_MarketDocument xmlns="urn:iec62325.351:tc57wg16:451-3:publicationdocument:7:0">
  <mRID>svc-fixture-flows-${outD}-${inD}</mRID>
  <revisionNumber>1</revisionNumber>
  <type>A11</type>
  <sender_MarketParticipant.mRID codingScheme="A01">10X1001A1001A450</sender_MarketParticipant.mRID>
  <sender_MarketParticipant.marketRole.type>A32</sender_MarketParticipant.marketRole.type>
  <receiver_MarketParticipant.mRID codingScheme="A01">10X1001A1001A450</receiver_MarketParticipant.mRID>
  <receiver_MarketParticipant.marketRole.type>A33</receiver_MarketParticipant.marketRole.type>
  <createdDateTime>2023-04-01T00:00:00Z</createdDateTime>
  <period.timeInterval>
    <start>${RANGES[0][0].replace(':00Z', 'Z')}</start>
    <end>${RANGES[1][1].replace(':00Z', 'Z')}</end>
  </period.timeInterval>
${series.join('\n')}
</Publication_MarketDocument>
`;
}

const exp = read('../shared/data/entsoe/ua_crossborder_physical_flows_exports_2022-02_2023-03.csv');
const imp = read('../shared/data/entsoe/ua_crossborder_physical_flows_imports_2022-02_2023-03.csv');
for (const border of Object.keys(EIC)) {
  writeFileSync(`fixtures/tsoplatform/flows-UA-${border}.xml`, doc(border, true, exp));
  writeFileSync(`fixtures/tsoplatform/flows-${border}-UA.xml`, doc(border, false, imp));
}
