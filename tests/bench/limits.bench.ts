/**
 * Issue 14 item 10: the largest files the schema's limits allow still check and print fast. A 48x24 board with
 * every square protected (1152, the limit), and one with 48 roads of 200 points each (the limits), each with
 * four divisions a side; plus the refusal time of a 50,000-point road and 25,000 protected squares.
 * Issue 31 item 5: the largest allowed file (./largest-scenario.ts) printed at true scale, 3 and 4 in squares on
 * A4 and Letter, each in a child process (./true-scale-print.ts) whose peak memory is its own; aim < 30 s and 500 MB.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { squareName, validateScenario, type Scenario } from '../../src/rules';
import { buildPrintFiles } from '../../src/pdf';
import { parseScenario, serializeScenario, standardSide, templateScenario } from '../../src/scenario';
import type { BenchRow, BenchSection } from './harness';

function big(terrain: Scenario['terrain']): Scenario {
  const s = templateScenario('empty-board')!;
  s.board = { columns: 48, rows: 24 };
  s.sides = [standardSide('teutonic', 'teutonic', 'north', 4), standardSide('russian', 'russian', 'south', 4)];
  s.terrain = terrain;
  return s;
}

const allProtected = big({ protected: Array.from({ length: 48 * 24 }, (_, i) => ({ at: squareName(i % 48, Math.floor(i / 48)), kind: 'woods' as const })) });
// 48 roads zig-zagging over their own two rows: 200 points each, every run straight.
const manyRoads = big({
  roads: Array.from({ length: 48 }, (_, r) => ({
    path: Array.from({ length: 200 }, (_, i) => squareName(Math.floor(i / 2) % 48, (r % 12) * 2 + ((i + Math.floor(i / 2)) % 2))),
  })),
});

async function ms(fn: () => unknown | Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

export const section: BenchSection = {
  name: 'Limits: largest allowed files (issue 14)',
  async run() {
    const rows: BenchRow[] = [];
    const print = (s: Scenario, documents: Array<'map' | 'rosters' | 'reference'>) =>
      buildPrintFiles(s, { paper: 'a4', scale: 'fit', ink: 'color', correction: 100, documents, printedOn: '2026-11-23' });
    await print(templateScenario('open-field')!, ['map', 'rosters', 'reference']); // warm-up: fonts and modules
    rows.push({ label: 'open-field template: print pack', value: await ms(() => print(templateScenario('open-field')!, ['map', 'rosters', 'reference'])), unit: 'ms', note: 'for comparison' });
    for (const [name, s] of [['1152 protected squares', allProtected], ['48 roads x 200 points', manyRoads]] as const) {
      const text = serializeScenario(s);
      rows.push({ label: `${name}: file size`, value: text.length, unit: 'bytes' });
      rows.push({ label: `${name}: parse + check`, value: await ms(() => parseScenario(text)), unit: 'ms', note: 'aim < 1000' });
      rows.push({ label: `${name}: validateScenario`, value: await ms(() => validateScenario(s)), unit: 'ms' });
      rows.push({ label: `${name}: map PDF`, value: await ms(() => print(s, ['map'])), unit: 'ms', note: 'aim < 1000' });
      rows.push({ label: `${name}: print pack`, value: await ms(() => print(s, ['map', 'rosters', 'reference'])), unit: 'ms' });
    }
    const road = templateScenario('empty-board')!;
    road.terrain = { roads: [{ path: Array.from({ length: 50_000 }, (_, i) => (i % 2 ? 'A1' : 'A2')) }] };
    const roadText = serializeScenario(road);
    rows.push({ label: '50,000-point road: refused in', value: await ms(() => parseScenario(roadText)), unit: 'ms', note: `${roadText.length} bytes` });
    const woods = templateScenario('empty-board')!;
    woods.terrain = { protected: Array.from({ length: 25_000 }, () => ({ at: 'C4', kind: 'woods' as const })) };
    const woodsText = serializeScenario(woods);
    rows.push({ label: '25,000 protected squares: refused in', value: await ms(() => parseScenario(woodsText)), unit: 'ms', note: `${woodsText.length} bytes` });
    for (const paper of ['a4', 'letter'] as const) {
      for (const scale of ['15mm', '25mm'] as const) {
        const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./true-scale-print.ts', import.meta.url)), paper, scale], { encoding: 'utf8', maxBuffer: 1 << 20 });
        const r = JSON.parse(out.trim().split('\n').pop()!) as { ms: number; bytes: number; pages: number; maxRssKb: number; fileBytes: number; riverEdges: number };
        const what = `largest file, ${scale === '15mm' ? '3' : '4'} in, ${paper === 'a4' ? 'A4' : 'Letter'}`;
        rows.push({ label: `${what}: time`, value: r.ms / 1000, unit: 's', note: `${r.fileBytes} bytes, ${r.riverEdges} river edges; aim < 30` });
        rows.push({ label: `${what}: peak memory`, value: r.maxRssKb / 1024, unit: 'MB', note: 'max RSS of the child process; aim < 500' });
        rows.push({ label: `${what}: PDF`, value: r.bytes / 1048576, unit: 'MB', note: `${r.pages} pages` });
      }
    }
    return rows;
  },
};
