/**
 * The club server (issue 39): requests a second and the 95th-percentile latency of reading a library entry and of
 * saving a version, over loopback HTTP with 8 requests in flight, on PGlite and (with TEST_DATABASE_URL) on
 * PostgreSQL; and the server process's memory after 10,000 saved versions (SERVER_BENCH_VERSIONS to change).
 */
import { templateScenario } from '../../src/scenario';
import { BACKENDS, invite, makeClub, signUp, startServer } from '../server/helpers';
import type { BenchRow, BenchSection } from './harness';

const IN_FLIGHT = 8;

/** Run `count` calls of `call`, `IN_FLIGHT` at a time: requests a second and the p95 latency in ms. */
async function load(count: number, call: (i: number) => Promise<number>): Promise<{ rate: number; p95: number }> {
  const latencies: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next < count) {
      const i = next++;
      const t = performance.now();
      const status = await call(i);
      if (status >= 400) throw new Error(`request ${i} answered ${status}`);
      latencies.push(performance.now() - t);
    }
  }));
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { rate: count / seconds, p95: latencies[Math.floor(latencies.length * 0.95)]! };
}

export const section: BenchSection = {
  name: 'Club server (issue 39)',
  async run() {
    const rows: BenchRow[] = [];
    const versions = Number(process.env.SERVER_BENCH_VERSIONS ?? 10_000);
    for (const backend of BACKENDS) {
      const server = await startServer(backend);
      try {
        const club = await makeClub(server.db, 'Bench club');
        const olga = await signUp(server, club.inviteToken, 'olga');
        const ivan = await signUp(server, await invite(olga), 'ivan');
        const doc = templateScenario('two-divisions')!;
        const id = String((await olga.call('POST', '/api/library', { kind: 'scenario', doc })).json.id);
        const read = await load(2000, async () => (await ivan.call('GET', `/api/library/${id}`)).status);
        rows.push({ label: `${backend.name}: read an entry`, value: read.rate, unit: 'req/s', note: `p95 ${read.p95.toFixed(1)} ms, ${IN_FLIGHT} in flight` });
        // Saves in turn, each from the revision before it (a save from a stale revision is refused).
        let base = 1;
        const saveOne = async () => {
          const r = await olga.call('PUT', `/api/library/${id}`, { base, doc, summary: `Save ${base}` });
          base = Number(r.json.revision ?? base);
          return r.status;
        };
        const t0 = performance.now();
        const lat: number[] = [];
        for (let i = 0; i < versions; i++) {
          const t = performance.now();
          const status = await saveOne();
          if (status !== 200) throw new Error(`save ${i}: ${status}`);
          lat.push(performance.now() - t);
        }
        lat.sort((a, b) => a - b);
        rows.push({ label: `${backend.name}: save a version`, value: versions / ((performance.now() - t0) / 1000), unit: 'req/s', note: `p95 ${lat[Math.floor(lat.length * 0.95)]!.toFixed(1)} ms, one at a time (each from the last revision)` });
        global.gc?.();
        rows.push({ label: `${backend.name}: memory after ${versions.toLocaleString('en')} versions`, value: process.memoryUsage().rss / 1048576, unit: 'MB', note: 'resident set of the process holding the server and its database' });
      } finally {
        await server.close();
      }
    }
    return rows;
  },
};
