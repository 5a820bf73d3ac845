/**
 * Issue 41 item 6 and issue 44's "briefing and notes on the map sheet", read back with pdf.js: objectives on the fit
 * map and on the true-scale tiles (star, label, points), the map page's briefing block and notes (marked not
 * enforced), each side's briefing on a page of its own (print pack, booklet with matching contents, CLI).
 */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  bookletPages, briefingBand, buildBookletPdf, buildPrintPdf, fitSquare, mapSquarePt, printPlan, tilePlanFor, type PdfFonts, type PrintOptions,
} from '../../src/pdf';
import type { Scenario } from '../../src/rules';
import { resolveScenario, serializeScenario, TEMPLATES } from '../../src/scenario';
import { main } from '../../src/cli/main';
import { printFonts } from '../../src/cli/print-fonts';
import { pdfText } from './pdf-text';
import { textBoxes } from './pdf-boxes';

let fonts: PdfFonts;
const byId = (id: string): Scenario => structuredClone(TEMPLATES.find((t) => t.id === id)!.scenario);
const base: PrintOptions = { paper: 'a4', scale: 'fit', ink: 'color', correction: 100, documents: ['map'] };
/** pdf.js joins text items with spaces: compare with whitespace folded. */
const fold = (t: string): string => t.replace(/\s+/g, ' ').trim();

beforeAll(async () => { fonts = await printFonts(); }, 60_000);

function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  return main(args, { out: (t) => out.push(t), err: (t) => err.push(t) }).then((code) => ({ code, out: out.join('\n'), err: err.join('\n') }));
}

describe('objectives on the maps', { timeout: 60_000 }, () => {
  test('fit map: each objective\'s label and points stand on its first square; the legend names the symbol', async () => {
    const s = byId('river-crossing');
    const bytes = await buildPrintPdf(s, { ...base, fonts });
    const { boxes, pages } = await textBoxes(bytes);
    expect(pages).toHaveLength(1);
    // Where the board lies: the column letters along the top edge give each column's centre.
    const colX = (letter: string): number => {
      const b = boxes.filter((x) => x.str === letter).sort((p, q) => p.top - q.top)[0]!;
      return (b.x0 + b.x1) / 2;
    };
    const rowY = (n: number): number => {
      const b = boxes.filter((x) => x.str === String(n)).sort((p, q) => p.x0 - q.x0)[0]!;
      return (b.top + b.bottom) / 2;
    };
    const square = colX('B') - colX('A');
    for (const o of s.objectives!) {
      const [col, row] = [o.squares[0]![0]!, Number(o.squares[0]!.slice(1))];
      const label = boxes.find((b) => b.str === o.label);
      expect(label, o.label).toBeDefined();
      expect(Math.abs((label!.x0 + label!.x1) / 2 - colX(col))).toBeLessThan(square / 2);
      expect(Math.abs((label!.top + label!.bottom) / 2 - rowY(row))).toBeLessThan(square / 2);
      const points = boxes.filter((b) => b.str === String(o.points) && Math.abs((b.top + b.bottom) / 2 - rowY(row)) < square / 2 && Math.abs((b.x0 + b.x1) / 2 - colX(col)) < square / 2);
      expect(points, `${o.label} points`).toHaveLength(1);
    }
    expect(boxes.some((b) => b.str === 'Objective')).toBe(true);
  });

  test('a long label stays on one line inside its square (smaller, then cut short), on Letter in ink-saver', async () => {
    const s = byId('river-crossing');
    s.objectives![1]!.label = 'The old stone bridge of Saint Sophia';
    const { boxes } = await textBoxes(await buildPrintPdf(s, { ...base, paper: 'letter', ink: 'saver', fonts }));
    const top = (letter: string) => boxes.filter((x) => x.str === letter).sort((p, q) => p.top - q.top)[0]!;
    const left = top('I').x0 - (top('J').x0 - top('I').x0) / 2 - 2;
    const right = left + (top('J').x0 - top('I').x0) + 4;
    const label = boxes.filter((b) => b.str.startsWith('The old'));
    expect(label).toHaveLength(1);
    expect(label[0]!.str).toMatch(/…$/);
    expect(label[0]!.x0).toBeGreaterThanOrEqual(left);
    expect(label[0]!.x1).toBeLessThanOrEqual(right);
    expect(label[0]!.size).toBeGreaterThanOrEqual(4);
    // The short label of the other objective keeps its words together.
    expect(boxes.filter((b) => b.str === 'The ford')).toHaveLength(1);
  });

  test('a scenario without objectives has no objective marks and keeps its old square size', async () => {
    const s = byId('open-field');
    expect(briefingBand(s)).toBe(0);
    const text = (await pdfText(await buildPrintPdf(s, { ...base, fonts }))).pages[0]!;
    expect(text).not.toContain('Objective');
    expect(text).not.toContain('Notes');
    const rs = resolveScenario(s);
    expect(mapSquarePt(rs, base)).toBeCloseTo(fitSquare(12, 12, 595.28, 841.89), 6);
  });

  test('the counters stay the size of the fit map\'s squares when a briefing block takes room under the board', () => {
    const s = byId('river-crossing');
    expect(briefingBand(s)).toBeGreaterThan(0);
    for (const paper of ['a4', 'letter'] as const) {
      const rs = resolveScenario(s);
      const sq = mapSquarePt(rs, { ...base, paper });
      expect(sq).toBeLessThanOrEqual(fitSquare(12, 12, paper === 'a4' ? 595.28 : 612, paper === 'a4' ? 841.89 : 792));
      expect(sq).toBeCloseTo(fitSquare(12, 12, paper === 'a4' ? 595.28 : 612, paper === 'a4' ? 841.89 : 792, briefingBand(s)), 6);
    }
  });

  test('true-scale tiles: every tile that shows an objective square carries its label and points, no other tile does', async () => {
    const s = byId('river-crossing');
    const opts: PrintOptions = { ...base, scale: '15mm', fonts };
    const plan = tilePlanFor(s, opts);
    const { pages } = await pdfText(await buildPrintPdf(s, opts));
    expect(pages).toHaveLength(plan.tiles.length + 1);
    const cols = 'ABCDEFGHIJKL';
    plan.tiles.forEach((t, i) => {
      const text = pages[i + 1]!;
      for (const o of s.objectives!) {
        const inside = o.squares.some((sq) => {
          const c = cols.indexOf(sq[0]!), r = Number(sq.slice(1)) - 1;
          return c >= t.columns.from && c <= t.columns.to && r >= t.rows.from && r <= t.rows.to;
        });
        // A square only partly on the page may have its corner (and so its label) beyond the page: only whole ones are held to it.
        const whole = o.squares.some((sq) => {
          const c = cols.indexOf(sq[0]!), r = Number(sq.slice(1)) - 1;
          return c * plan.square >= t.x0 && (c + 1) * plan.square <= t.x1 && r * plan.square >= t.y0 && (r + 1) * plan.square <= t.y1;
        });
        if (whole) expect(text, `tile ${t.label} ${o.label}`).toContain(o.label);
        if (!inside) expect(text, `tile ${t.label} ${o.label}`).not.toContain(o.label);
      }
    });
    expect(pages.slice(1).filter((p) => p.includes('The ford')).length).toBeGreaterThan(0);
  });
});

describe('the map page\'s briefing block and notes', { timeout: 60_000 }, () => {
  test('objectives and the notes, marked not enforced; never a side\'s own briefing', async () => {
    const s = byId('river-crossing');
    const text = fold((await pdfText(await buildPrintPdf(s, { ...base, fonts }))).pages[0]!);
    expect(text).toContain('Briefing');
    expect(text).toContain('The ford (C6, C7): 20 points');
    expect(text).toContain('not enforced by the program');
    expect(text).toContain(fold(s.notes!).slice(0, 60));
    for (const side of s.sides) expect(text).not.toContain(fold(side.briefing!).slice(0, 40));
    expect(text).toContain('briefing page');
  });

  test('a scenario with notes only: the notes print, the objectives line says points decide', async () => {
    const s = byId('open-field');
    s.version = 2;
    s.notes = 'Snow lies deep: light cavalry moves one square less in turn 1.';
    const text = fold((await pdfText(await buildPrintPdf(s, { ...base, paper: 'letter', ink: 'saver', fonts }))).pages[0]!);
    expect(text).toContain('Snow lies deep: light cavalry moves one square less in turn 1.');
    expect(text).toContain('No objectives');
  });
});

describe('each side\'s briefing on its own page', { timeout: 60_000 }, () => {
  test('print pack "briefings": one page per side, each with its own orders only, the objectives as they concern it and the notes', async () => {
    const s = byId('river-crossing');
    s.objectives![1]!.for = 'teutonic';
    const opts: PrintOptions = { ...base, documents: ['briefings'], fonts };
    const { pages } = await pdfText(await buildPrintPdf(s, opts));
    expect(pages).toHaveLength(2);
    expect(printPlan(s, opts).totalPages).toBe(2);
    s.sides.forEach((side, i) => {
      const text = fold(pages[i]!);
      const otherSide = s.sides[1 - i]!;
      expect(text).toContain(`Briefing for ${side.name}`);
      expect(text).toContain(`For the ${side.name} player only`);
      expect(text).toContain(fold(side.briefing!));
      expect(text).not.toContain(fold(otherSide.briefing!).slice(0, 40));
      expect(text).toContain('not enforced by the program');
      expect(text).toContain(fold(s.notes!).slice(0, 60));
    });
    expect(fold(pages[0]!)).toMatch(/The bridge I6, I7 20 you can score it/);
    expect(fold(pages[1]!)).toMatch(/The bridge I6, I7 20 only Teutonic Order scores it: you can deny it/);
  });

  test('booklet: the contents names each side\'s briefing page, that page carries it alone, and every page number agrees', async () => {
    const scenarios = [byId('open-field'), byId('river-crossing'), byId('hills')];
    const o = { title: 'Club day', paper: 'a4' as const, rosters: true, reference: true, fonts, printedOn: '2026-11-29' };
    const { pages } = await pdfText(await buildBookletPdf(scenarios, o));
    expect(pages).toHaveLength(bookletPages(scenarios, o));
    const contents = fold(pages[1]!);
    // No side briefings in Open Field: no such lines for it.
    const open = contents.slice(contents.indexOf('1. Open Field'), contents.indexOf('2. '));
    expect(open).not.toContain('Briefing for');
    for (const s of scenarios.slice(1)) {
      const section = contents.slice(contents.indexOf(s.meta.title));
      // The scenario's own briefing (for both sides): its objectives and notes, no side's orders.
      const first = fold(pages[Number(new RegExp(`${s.meta.title} (\\d+)`).exec(section)![1]) - 1]!);
      expect(first).toContain(`${s.meta.title} Briefing`);
      for (const o of s.objectives!) expect(first).toContain(`${o.label} ${o.squares.join(', ')} ${o.points} either side`);
      if (s.notes) expect(first).toContain('not enforced by the program');
      for (const side of s.sides) expect(first).not.toContain(fold(side.briefing!).slice(0, 40));
      for (const side of s.sides) {
        const m = new RegExp(`Briefing for ${side.name} \\(hand to that side alone\\) (\\d+)`).exec(section);
        expect(m, `${s.meta.title} ${side.name}`).not.toBeNull();
        const page = fold(pages[Number(m![1]) - 1]!);
        expect(page).toContain(`${s.meta.title} Briefing for ${side.name}`);
        expect(page).toContain(fold(side.briefing!).slice(0, 50));
        for (const other of s.sides.filter((x) => x.id !== side.id)) expect(page).not.toContain(fold(other.briefing!).slice(0, 40));
      }
      // The rosters come after the side pages, where the contents says.
      const r = /Rosters (\d+)/.exec(section)!;
      expect(pages[Number(r[1]) - 1]).toContain('Roster:');
      expect(pages[Number(r[1]) - 2]).toContain('Briefing for');
    }
    pages.forEach((text, i) => {
      if (i === 0) return;
      expect([...text.matchAll(/\bpage (\d+)\b/g)].map((m) => Number(m[1])), `page ${i + 1}`).toEqual([i + 1]);
    });
  });

  test('nevsky pdf prints the side briefings by default when the scenario has them, and on --only briefings; nevsky booklet includes them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nevsky-briefings-'));
    writeFileSync(join(dir, 'rc.json'), serializeScenario(byId('river-crossing')));
    writeFileSync(join(dir, 'of.json'), serializeScenario(byId('open-field')));
    const out1 = join(dir, 'a');
    const a = await run(['pdf', join(dir, 'rc.json'), '--out', out1]);
    expect(a.code).toBe(0);
    expect(readdirSync(out1).sort()).toEqual(['rc-briefings.pdf', 'rc-map-fit.pdf', 'rc-reference.pdf', 'rc-rosters.pdf']);
    const b = await run(['pdf', join(dir, 'of.json'), '--out', join(dir, 'b')]);
    expect(b.code).toBe(0);
    expect(readdirSync(join(dir, 'b'))).not.toContain('of-briefings.pdf');
    const c = await run(['pdf', join(dir, 'of.json'), '--out', join(dir, 'c'), '--only', 'briefings']);
    expect(c.code).toBe(0);
    expect(c.out).toMatch(/of-briefings\.pdf {2}2 A4 pages/);
    const text = (await pdfText(new Uint8Array(readFileSync(join(dir, 'c', 'of-briefings.pdf'))))).pages.map(fold);
    expect(text[0]).toContain('no orders of its own');
    const bk = await run(['booklet', join(dir, 'rc.json'), '--title', 'Ford day', '--out', join(dir, 'b.pdf')]);
    expect(bk.code).toBe(0);
    const pages = (await pdfText(new Uint8Array(readFileSync(join(dir, 'b.pdf'))))).pages.map(fold);
    const rc = byId('river-crossing');
    for (const side of rc.sides) expect(pages.filter((p) => p.includes(fold(side.briefing!).slice(0, 50)))).toHaveLength(1);
  });
});

describe('the set-up errors line on the fit map (--mark-errors)', { timeout: 60_000 }, () => {
  test('on a board that fills the page height, the line has a strip of its own: it meets neither the briefing block nor the legend', async () => {
    // River crossing (objectives and notes: a briefing block under the board) narrowed to 9 columns, so the board is
    // as tall as the page allows, with two units of each side set up in the middle of the board (set-up errors).
    const s = byId('river-crossing');
    const inside = (sq?: string) => sq === undefined || sq.charCodeAt(0) - 65 < 9;
    s.board = { ...s.board, columns: 9 };
    for (const side of s.sides) side.units = side.units.filter((u) => inside(u.at));
    const t = s.terrain!;
    t.protected = t.protected?.filter((p) => inside(p.at));
    t.rivers = t.rivers?.map((r) => ({ ...r, edges: r.edges.filter((e) => e.every((q) => inside(q))) }));
    t.crossings = t.crossings?.filter((c) => c.edge.every((q) => inside(q)));
    s.objectives = s.objectives!.filter((o) => o.squares.every((q) => inside(q)));
    s.sides[0]!.units[0]!.at = 'C6';
    s.sides[1]!.units[0]!.at = 'D7';
    const { boxes } = await textBoxes(await buildPrintPdf(s, { ...base, markErrors: true, fonts }));
    const line = boxes.find((b) => b.str.startsWith('Red dashed squares: set-up errors at'));
    expect(line, 'the set-up errors line').toBeDefined();
    expect(line!.str).toContain('C6');
    const below = boxes.filter((b) => b !== line && b.top >= line!.top - 1 && b.top < line!.bottom + 40);
    const legend = boxes.find((b) => b.str === 'Legend')!;
    const brief = boxes.filter((b) => b.top > line!.top && b.top < legend.top);
    expect(brief.length, 'the briefing block under the board').toBeGreaterThan(0);
    // Nothing printed under it overlaps it: the briefing block and the legend start below its bottom.
    for (const b of below) if (b.x1 > line!.x0 && b.x0 < line!.x1) expect(b.top, `"${b.str}" under the errors line`).toBeGreaterThanOrEqual(line!.bottom - 0.5);
    expect(legend.top).toBeGreaterThan(line!.bottom);
    // And the board still fills the height it was given: the south side's set-up line sits above the errors line.
    const south = boxes.find((b) => b.str.includes('set up here (south edge'))!;
    expect(south.bottom).toBeLessThanOrEqual(line!.top + 0.5);
  });
});
