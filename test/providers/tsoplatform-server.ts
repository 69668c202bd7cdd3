/** A loopback server (port 0) replaying the transmission-data platform's answers for tests. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forgetPlatformDown } from '../../src/providers/tsoplatform/client.js';

export type Handler = (url: URL, req: IncomingMessage, res: ServerResponse) => void;

export interface ReplayServer {
  baseUrl: string;
  requests: URL[];
  setHandler(h: Handler): void;
  close(): Promise<void>;
}

export async function replayServer(): Promise<ReplayServer> {
  let handler: Handler = (_u, _q, res) => res.writeHead(500).end();
  const requests: URL[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    handler(url, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    requests,
    setHandler(h) {
      handler = h;
      // A new upstream: whatever failure the client remembers of the old one is forgotten.
      forgetPlatformDown();
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

export const xml = (res: ServerResponse, body: string | Uint8Array, status = 200): void => {
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/xml' : 'application/zip' });
  res.end(body);
};

const UA = '10Y1001C--000182';

/** A publication document: one series, the given resolution and points [position, value]. */
export function publication(opts: { type: string; start: string; end: string; resolution: string; points: [number, number][]; curveType?: string; inDomain?: string; outDomain?: string; price?: boolean; psrType?: string }): string {
  const tag = opts.price ? 'price.amount' : 'quantity';
  return `<?xml version="1.0" encoding="UTF-8"?>
<Publication_MarketDocument xmlns="urn:iec62325.351:tc57wg16:451-3:publicationdocument:7:0">
  <mRID>test</mRID><revisionNumber>1</revisionNumber><type>${opts.type}</type>
  <TimeSeries>
    <mRID>1</mRID><businessType>A66</businessType>
    <in_Domain.mRID codingScheme="A01">${opts.inDomain ?? UA}</in_Domain.mRID>
    <out_Domain.mRID codingScheme="A01">${opts.outDomain ?? '10YPL-AREA-----S'}</out_Domain.mRID>
    ${opts.psrType ? `<MktPSRType><psrType>${opts.psrType}</psrType></MktPSRType>` : ''}
    <curveType>${opts.curveType ?? 'A01'}</curveType>
    <Period>
      <timeInterval><start>${opts.start}</start><end>${opts.end}</end></timeInterval>
      <resolution>${opts.resolution}</resolution>
      ${opts.points.map(([p, v]) => `<Point><position>${p}</position><${tag}>${v}</${tag}></Point>`).join('\n      ')}
    </Period>
  </TimeSeries>
</Publication_MarketDocument>`;
}

export const ACK_NO_DATA = `<?xml version="1.0" encoding="UTF-8"?>
<Acknowledgement_MarketDocument xmlns="urn:iec62325.351:tc57wg16:451-1:acknowledgementdocument:7:0">
  <mRID>ack</mRID><createdDateTime>2026-03-02T10:00:00Z</createdDateTime>
  <Reason><code>999</code><text>No matching data found for Data item Physical Flows</text></Reason>
</Acknowledgement_MarketDocument>`;
