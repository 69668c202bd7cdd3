/** `node client.mjs <url> <requests> [connections]`: the plan body of bench/http-cpu.bench.ts, keep-alive, a fixed number of requests; exits 1 on any non-200. */
import http from 'node:http';

const [url, count, conns] = process.argv.slice(2);
const N = Number(count);
const C = Number(conns ?? 4);
const PRICES = [1500, 1400, 1300, 1250, 1300, 1600, 2400, 3800, 4200, 4000, 3600, 3300, 3100, 3000, 3200, 3600, 4300, 5200, 5600, 5400, 4800, 3900, 2900, 2100];
const SETTINGS = { volumeMwh: 2, minSpreadUah: 100, maxTradesPerDay: 6, feeUahPerMwh: 10 };
const BODY = JSON.stringify({ tradeDate: '02.03.2026', prices: PRICES.map((priceUahMwh, hour) => ({ hour, priceUahMwh })), settings: SETTINGS });
const agent = new http.Agent({ keepAlive: true, maxSockets: C });
const target = new URL(url);
let sent = 0;
let bad = 0;
function one() {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY) };
    const req = http.request({ agent, host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers }, (res) => {
      if (res.statusCode !== 200) bad += 1;
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end(BODY);
  });
}
/** A keep-alive socket the server closed as the request went out (slow servers under valgrind) is retried on a new one. */
async function worker() {
  while (sent < N) {
    sent += 1;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await one();
        break;
      } catch (error) {
        if (attempt >= 3 || error.code !== 'ECONNRESET') throw error;
      }
    }
  }
}
await Promise.all(Array.from({ length: C }, worker));
agent.destroy();
if (bad > 0) {
  console.error(`${bad} non-200 answers`);
  process.exit(1);
}
