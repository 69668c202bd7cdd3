/**
 * Pure parsers for the platform's XML market documents (fast-xml-parser, never regexes):
 * Publication_MarketDocument -> TimeSeries -> Period (timeInterval, resolution, Point) and the
 * Acknowledgement_MarketDocument the platform returns when it has no data. A zip archive (the
 * platform zips large answers) is opened with fflate and every XML entry parsed.
 *
 * Curve type A03 (variable-sized blocks) omits positions whose value equals the previous one: the
 * previous value holds. Under A01 (sequential fixed blocks) an absent position is a gap.
 */
import { XMLParser } from 'fast-xml-parser';
import { unzipSync } from 'fflate';

export interface SeriesPoint {
  /** UTC start of the point, ms. */
  startMs: number;
  minutes: number;
  value: number;
}

export interface ParsedSeries {
  businessType: string | undefined;
  inDomain: string | undefined;
  outDomain: string | undefined;
  psrType: string | undefined;
  curveType: string;
  points: SeriesPoint[];
}

export type ParsedDocument =
  | { kind: 'publication'; documentType: string; series: ParsedSeries[] }
  | { kind: 'acknowledgement'; reason: string };

/** The document does not follow the platform's schema (503/502 upstream; never cached). */
export class MalformedDocumentError extends Error {
  constructor(message: string) {
    super(`malformed platform document: ${message}`);
    this.name = 'MalformedDocumentError';
  }
}

const RESOLUTION_MINUTES: Record<string, number> = { PT15M: 15, PT30M: 30, PT60M: 60, P1D: 1440 };

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'TimeSeries' || name === 'Period' || name === 'Point' || name === 'Reason',
});

type Node = Record<string, unknown>;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
const nodes = (v: unknown): Node[] => (Array.isArray(v) ? v.filter(isNode) : isNode(v) ? [v] : []);

function child(node: Node, name: string): Node | undefined {
  const v = node[name];
  return isNode(v) ? v : undefined;
}

function required(node: Node, name: string, where: string): string {
  const v = text(node[name]);
  if (v === undefined || v === '') throw new MalformedDocumentError(`${where}.${name} missing`);
  return v;
}

function parsePeriod(period: Node, curveType: string, where: string): SeriesPoint[] {
  const interval = child(period, 'timeInterval');
  if (!interval) throw new MalformedDocumentError(`${where}.timeInterval missing`);
  const start = Date.parse(required(interval, 'start', `${where}.timeInterval`));
  const end = Date.parse(required(interval, 'end', `${where}.timeInterval`));
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) throw new MalformedDocumentError(`${where}.timeInterval invalid`);
  const resolution = required(period, 'resolution', where);
  const minutes = RESOLUTION_MINUTES[resolution];
  if (minutes === undefined) throw new MalformedDocumentError(`${where}.resolution ${resolution} unsupported`);
  const count = Math.round((end - start) / (minutes * 60_000));
  const byPosition = new Map<number, number>();
  for (const point of nodes(period.Point)) {
    const position = Number(required(point, 'position', `${where}.Point`));
    const raw = text(point.quantity) ?? text(point['price.amount']);
    const value = raw === undefined ? NaN : Number(raw);
    if (!Number.isInteger(position) || position < 1 || position > count) throw new MalformedDocumentError(`${where}.Point position ${position} out of range`);
    if (!Number.isFinite(value)) throw new MalformedDocumentError(`${where}.Point ${position} has no numeric quantity or price.amount`);
    byPosition.set(position, value);
  }
  const points: SeriesPoint[] = [];
  let previous: number | undefined;
  for (let position = 1; position <= count; position++) {
    let value = byPosition.get(position);
    if (value === undefined && curveType === 'A03') value = previous;
    if (value === undefined) continue;
    previous = value;
    points.push({ startMs: start + (position - 1) * minutes * 60_000, minutes, value });
  }
  return points;
}

function parseXml(xml: string): ParsedDocument {
  let root: Node;
  try {
    const parsed: unknown = parser.parse(xml, true);
    if (!isNode(parsed)) throw new MalformedDocumentError('not an XML document');
    root = parsed;
  } catch (error) {
    if (error instanceof MalformedDocumentError) throw error;
    throw new MalformedDocumentError('not well-formed XML');
  }
  const ack = child(root, 'Acknowledgement_MarketDocument');
  if (ack) {
    const reason = nodes(ack.Reason).map((r) => text(r.text) ?? text(r.code) ?? '').join('; ');
    return { kind: 'acknowledgement', reason: reason || 'no data' };
  }
  const doc = child(root, 'Publication_MarketDocument') ?? child(root, 'GL_MarketDocument');
  if (!doc) throw new MalformedDocumentError('neither a Publication_MarketDocument nor an Acknowledgement_MarketDocument');
  const documentType = required(doc, 'type', 'document');
  const series = nodes(doc.TimeSeries).map((ts, i): ParsedSeries => {
    const where = `TimeSeries[${i}]`;
    const curveType = text(ts.curveType) ?? 'A01';
    const psr = child(ts, 'MktPSRType');
    const points = nodes(ts.Period).flatMap((p, j) => parsePeriod(p, curveType, `${where}.Period[${j}]`));
    return {
      businessType: text(ts.businessType),
      inDomain: text(ts['in_Domain.mRID']) ?? text(ts['inBiddingZone_Domain.mRID']),
      outDomain: text(ts['out_Domain.mRID']) ?? text(ts['outBiddingZone_Domain.mRID']),
      psrType: psr ? text(psr.psrType) : undefined,
      curveType,
      points,
    };
  });
  return { kind: 'publication', documentType, series };
}

const isZip = (b: Uint8Array): boolean => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** Parses a response body: XML, or a zip of XML documents (their series merged). */
export function parseMarketDocument(body: Uint8Array | string): ParsedDocument {
  if (typeof body === 'string') return parseXml(body);
  if (!isZip(body)) return parseXml(new TextDecoder().decode(body));
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(body);
  } catch {
    throw new MalformedDocumentError('corrupt zip archive');
  }
  const docs = Object.keys(entries)
    .filter((name) => name.toLowerCase().endsWith('.xml'))
    .sort()
    .map((name) => parseXml(new TextDecoder().decode(entries[name])));
  if (docs.length === 0) throw new MalformedDocumentError('zip archive without XML documents');
  const publications = docs.filter((d): d is Extract<ParsedDocument, { kind: 'publication' }> => d.kind === 'publication');
  if (publications.length === 0) return docs[0] as ParsedDocument;
  return { kind: 'publication', documentType: publications[0]?.documentType ?? '', series: publications.flatMap((d) => d.series) };
}
