/** Issue 12, items 4 and 5: the battle report of a saved game and the event booklet, read back with pdf.js, and the CLI commands. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { battleReportPdf, bookletPages, buildBookletPdf, lossSquares, reportStages, stageLines, type PdfFonts } from '../../src/pdf';
import { applyAction, createGame, formatPoints, gamePoints, playOut, saveGame, simplePolicy, type SavedGame, type Scenario } from '../../src/rules';
import { serializeScenario, TEMPLATES } from '../../src/scenario';
import { main } from '../../src/cli/main';
import { printFonts } from '../../src/cli/print-fonts';
import { pdfText } from './pdf-text';
import { textBoxes } from './pdf-boxes';

let fonts: PdfFonts;
let game: SavedGame;
const byId = (id: string): Scenario => structuredClone(TEMPLATES.find((t) => t.id === id)!.scenario);

beforeAll(async () => {
  fonts = await printFonts();
  const scenario = byId('open-field');
  scenario.sides[0]!.name = 'Zakon Krzyżacki';
  game = saveGame(playOut(createGame(scenario, { seed: 3, turnLimit: 4 }), simplePolicy(3), applyAction));
}, 60_000);

function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  return main(args, { out: (t) => out.push(t), err: (t) => err.push(t) }).then((code) => ({ code, out: out.join('\n'), err: err.join('\n') }));
}

describe('4 battle report', { timeout: 60_000 }, () => {
  test('stages: the start, then every turn, the last marked as the end', () => {
    const stages = reportStages(game);
    expect(stages.map((s) => s.title)).toEqual(['Start', 'Turn 1', 'Turn 2', 'Turn 3', 'Turn 4: end of the game']);
    expect(stages.at(-1)!.state.result).not.toBeNull();
    // The start shows the field as deployed: no stand lost yet.
    expect(lossSquares(stages[0]!.state, stages[0]!.state)).toEqual([]);
  });

  test('title, result, points and the log in plain English with the side names', async () => {
    const end = reportStages(game).at(-1)!.state;
    const { pages } = await pdfText(await battleReportPdf(game, { paper: 'a4', fonts }));
    const text = pages.join(' ');
    expect(text).toContain('Battle report: Open Field');
    const r = end.result!;
    const winner = r.winner ? end.sides.find((s) => s.id === r.winner)!.name : null;
    expect(text).toContain(winner ? `${winner} wins after 4 turns` : 'A draw after 4 turns');
    // Points at the start are the full divisions: 215 Teutonic, 208 Russian (2D).
    for (const s of end.sides) expect(text).toContain(`${s.name} ${s.army === 'teutonic' ? 215 : 208}`);
    for (const s of end.sides) expect(text).toContain(String(r.points[s.id]));
    for (const t of ['Start', 'Turn 1', 'Turn 4: end of the game']) expect(text).toContain(t);
    expect(text).toContain('Zakon Krzyżacki');
    expect(text).not.toMatch(/\b[ab]-(retreats|superior|destroyed)\b/);
    expect(text).not.toContain('->');
  });

  test('the log: one line per event (placements and turn headings left out), each melee followed by both sides\' values part by part', () => {
    let melees = 0;
    for (const stage of reportStages(game)) {
      const lines = stageLines(stage);
      const name = (id: string) => stage.state.sides.find((s) => s.id === id)!.name;
      const told = stage.events.filter((e) => e.kind !== 'turn' && !(e.kind === 'deploy' && !('noRoom' in e)));
      expect(lines.filter((l) => !l.startsWith(' '))).toHaveLength(told.length);
      for (const e of told) {
        if (e.kind !== 'melee') continue;
        melees++;
        const at = lines.findIndex((l) => l.startsWith(`Melee at ${e.at}: ${name(e.attacker.side)} `) && l.includes(` vs ${name(e.defender.side)} `));
        expect(at).toBeGreaterThanOrEqual(0);
        expect(lines[at + 1]).toMatch(new RegExp(`^ +${name(e.attacker.side)} ${e.attacker.value}: `));
        expect(lines[at + 2]).toMatch(new RegExp(`^ +${name(e.defender.side)} ${e.defender.value}: `));
      }
    }
    expect(melees).toBeGreaterThan(0);
  });

  test('nevsky report writes the PDF; a file that is not a saved game is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nevsky-report-'));
    writeFileSync(join(dir, 'game.json'), JSON.stringify(game));
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ format: 'nevsky-game' }));
    const ok = await run(['report', join(dir, 'game.json'), '--out', join(dir, 'r.pdf')]);
    expect(ok.code).toBe(0);
    expect((await pdfText(new Uint8Array(readFileSync(join(dir, 'r.pdf'))))).pages.join(' ')).toContain('Battle report: Open Field');
    const bad = await run(['report', join(dir, 'bad.json'), '--out', join(dir, 'b.pdf')]);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('not a saved game');
  });
});

describe('5 event booklet', { timeout: 60_000 }, () => {
  const scenarios = (): Scenario[] => [byId('open-field'), byId('river-crossing'), byId('hills')];

  test('cover, contents with page numbers that match, briefing and map per scenario, one reference', async () => {
    const o = { title: 'Клубный день', date: '12 December 2026', paper: 'a4' as const, rosters: true, reference: true, fonts };
    const { pages } = await pdfText(await buildBookletPdf(scenarios(), o));
    expect(pages).toHaveLength(bookletPages(scenarios(), o));
    expect(pages[0]).toContain('Клубный день');
    expect(pages[0]).toContain('12 December 2026');
    expect(pages[1]).toContain('Contents');
    for (const s of scenarios()) {
      // The contents names the scenario's first page; that page is its briefing, the next its map.
      const m = new RegExp(`\\d\\. ${s.meta.title} (\\d+)`).exec(pages[1]!);
      expect(m).not.toBeNull();
      const first = Number(m![1]);
      expect(pages[first - 1]).toContain(`${s.meta.title} Briefing`);
      expect(pages[first - 1]).toContain('Rules options');
      expect(pages[first - 1]).toContain('Forces');
      expect(pages[first]).toContain('Legend');
    }
    expect(pages.filter((p) => p.includes('Nevsky quick reference')).length).toBeGreaterThanOrEqual(2);
    expect(pages.filter((p) => p.includes('Roster:')).length).toBeGreaterThanOrEqual(6);
  });

  test('without rosters and reference: cover, contents, then briefing and map per scenario', async () => {
    const o = { title: 'Club day', paper: 'letter' as const, fonts };
    const { pages } = await pdfText(await buildBookletPdf(scenarios(), o));
    // River crossing and Two hills add a briefing page for each of their two sides.
    expect(pages).toHaveLength(2 + 3 * 2 + 2 * 2);
    expect(pages.join(' ')).not.toContain('Roster:');
  });

  test('nevsky booklet A B --title writes it; a missing title is a usage error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nevsky-booklet-'));
    const files = scenarios().map((s, i) => { const f = join(dir, `s${i}.json`); writeFileSync(f, serializeScenario(s)); return f; });
    const ok = await run(['booklet', ...files, '--title', 'Spring meet', '--out', join(dir, 'b.pdf')]);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/3 scenarios: \d+ A4 pages/);
    expect((await pdfText(new Uint8Array(readFileSync(join(dir, 'b.pdf'))))).pages[0]).toContain('Spring meet');
    const bad = await run(['booklet', ...files, '--out', join(dir, 'c.pdf')]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--title');
  });
});

describe('issue 44: every booklet page after the cover carries its own number, and the contents agree', { timeout: 60_000 }, () => {
  test.each([true, false])('rosters %s: page N says "page N" (maps, the blank page and the reference too)', async (rosters) => {
    const o = { title: 'Club day', paper: 'a4' as const, rosters, reference: true, fonts, printedOn: '2026-11-29' };
    const { pages } = await pdfText(await buildBookletPdf([byId('open-field'), byId('hills')], o));
    pages.forEach((text, i) => {
      if (i === 0) return;
      const numbers = [...text.matchAll(/\bpage (\d+)\b/g)].map((m) => Number(m[1]));
      expect(numbers, `page ${i + 1}: ${text.slice(0, 80)}`).toEqual([i + 1]);
    });
    // The contents' numbers land on what they name.
    for (const [title, mark] of [['Map', 'Map, fit to page'], ['Nevsky quick reference', 'Nevsky quick reference']] as const) {
      for (const m of pages[1]!.matchAll(new RegExp(`${title}[^0-9]* (\\d+)`, 'g'))) expect(pages[Number(m[1]) - 1]).toContain(mark);
    }
  });
});

describe('issue 44: a booklet with the quick reference in large print', { timeout: 60_000 }, () => {
  test('no blank page before it, its pages numbered on from the maps, nothing in it under 8 pt, page count planned', async () => {
    const o = { title: 'Club day', paper: 'a4' as const, reference: true, referencePrint: 'large' as const, fonts, printedOn: '2026-11-29' };
    const bytes = await buildBookletPdf([byId('open-field')], o);
    const { pages } = await pdfText(bytes);
    expect(pages).toHaveLength(bookletPages([byId('open-field')], o));
    // Cover, contents, briefing, map: the reference starts on page 5 (the standard sheet would leave page 5 blank).
    expect(pages[1]).toMatch(/Nevsky quick reference \(large print\) 5/);
    expect(pages[4]).toContain('Nevsky quick reference');
    expect(pages.length).toBeGreaterThan(6);
    pages.forEach((text, i) => { if (i > 0) expect([...text.matchAll(/\bpage (\d+)\b/g)].map((m) => Number(m[1]))).toEqual([i + 1]); });
    const { boxes } = await textBoxes(bytes);
    expect(boxes.filter((b) => b.page >= 5 && b.size < 8)).toEqual([]);
  });
});

describe('issue 44: the battle report of an unfinished game', { timeout: 60_000 }, () => {
  test('says it is unfinished and gives the points so far (the rules\' count), never "-"', async () => {
    const unfinished: SavedGame = { ...game, actions: game.actions.slice(0, Math.floor(game.actions.length / 2)) };
    const end = reportStages(unfinished).at(-1)!.state;
    expect(end.result).toBeNull();
    const text = (await pdfText(await battleReportPdf(unfinished, { paper: 'a4', fonts }))).pages.join(' ');
    expect(text).toContain(`Unfinished: stopped in turn ${end.turn}`);
    expect(text).toContain('Points so far');
    expect(text).toContain('The game is unfinished');
    const points = gamePoints(end);
    for (const s of end.sides) expect(text).toMatch(new RegExp(`${s.name} ${s.army === 'teutonic' ? 215 : 208} ${formatPoints(points[s.id]!)} `));
    expect(text).not.toMatch(/Points at end/);
    expect(text).not.toMatch(/ - - /);
  });
});
