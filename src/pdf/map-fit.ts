/** The map on one page: whole board, edge labels, set-up zones, side names, a title block and a legend. */
import { TROOPS, validateScenario, type Scenario } from '../rules';
import { resolveScenario, type ResolvedScenario, type ResolvedUnit } from '../scenario';
import { SIDE_STYLES, TERRAIN_STYLE } from '../scenario/symbology';
import { drawBoard, drawEdgeLabels, drawObjectiveStar, errorSquaresOf, OBJECTIVE_INK } from './board';
import { commanderBadge, drawSquareUnits } from './glyphs';
import { PAPER_SIZES, type PrintOptions } from './options';
import { addPage, footer } from './page';
import { FONT, type Doc } from './pdfkit';
import { drawCrossing, drawHill, drawProtected, drawRiverEdge, drawRoad, hillShape, roadLine, type BoardFrame } from './terrain';

const MARGIN = 30;
const TITLE_H = 62;
const LEGEND_H = 84;
/** Room for edge labels plus a side-name line above and below the board, and labels left and right. */
const LABEL_V = 30;
const LABEL_H = 18;
/** The briefing-and-notes block under the board, on maps of scenarios that have objectives, notes or briefings. */
const BRIEF_H = 64;
/** The line under the board naming the squares of set-up errors (--mark-errors): its own strip, so it never meets the briefing or the legend. */
const ERRORS_H = 12;

/** What the map page's briefing block says: the objectives, whether the sides have briefings, and the notes. */
export interface MapBriefing { objectives: string[]; sideBriefings: string[]; notes: string }

/** The map page's briefing block for a scenario, or null when it has no objectives, notes or briefings (no room is kept). */
export function mapBriefing(scenario: Scenario): MapBriefing | null {
  const objectives = scenario.objectives ?? [];
  const notes = (scenario.notes ?? '').trim();
  const briefed = scenario.sides.filter((s) => (s.briefing ?? '').trim());
  if (!objectives.length && !notes && !briefed.length) return null;
  const name = (id: string): string => scenario.sides.find((s) => s.id === id)?.name ?? id;
  return {
    objectives: objectives.map((o) => `${o.label} (${o.squares.join(', ')}): ${o.points} point${o.points === 1 ? '' : 's'}${o.for ? `, for ${name(o.for)} only` : ''}`),
    sideBriefings: briefed.map((s) => s.name ?? s.id),
    notes,
  };
}

/** Height kept under the board for the briefing block (0 when the scenario has none). */
export function briefingBand(scenario: Scenario | null | undefined): number {
  return scenario && mapBriefing(scenario) ? BRIEF_H : 0;
}

/** Largest square size for a board on a page orientation; `band` is the room kept for the briefing block. */
export function fitSquare(columns: number, rows: number, width: number, height: number, band = 0): number {
  const w = width - 2 * MARGIN - 2 * LABEL_H;
  const h = height - 2 * MARGIN - TITLE_H - LEGEND_H - band - 2 * LABEL_V;
  return Math.min(w / columns, h / rows);
}

/** Page orientation that gives the larger squares (portrait on a tie). */
export function fitOrientation(columns: number, rows: number, paper: PrintOptions['paper'], band = 0): 'portrait' | 'landscape' {
  const p = PAPER_SIZES[paper];
  return fitSquare(columns, rows, p.height, p.width, band) > fitSquare(columns, rows, p.width, p.height, band) ? 'landscape' : 'portrait';
}

/**
 * The briefing block: on the left what the battle is about (the objectives, and where each side's own briefing is);
 * on the right the scenario's notes, marked as not enforced by the program. The sides' briefings themselves are not
 * printed here: the map sheet lies open on the table, and each briefing is for its side alone (its own page).
 */
function briefingBlock(doc: Doc, b: MapBriefing, x: number, y: number, w: number, h: number): void {
  const gap = 14;
  const half = (w - gap) / 2;
  doc.save().lineWidth(0.5).strokeColor('#8f8877').rect(x, y, w, h).stroke().restore();
  const pad = 5;
  const colW = half - 2 * pad;
  doc.font(FONT.bold).fontSize(8).fillColor('#111111').text('Briefing', x + pad, y + pad, { lineBreak: false });
  const left: string[] = [];
  left.push(b.objectives.length ? `Objectives (a side holds one when only its troops stand on its squares at the end): ${b.objectives.join('; ')}.` : 'No objectives: the battle is decided on points.');
  if (b.sideBriefings.length) left.push(`Each side's own orders are on its briefing page, for that side alone (${b.sideBriefings.join(', ')}).`);
  doc.font(FONT.regular).fontSize(7).fillColor('#222222').text(left.join(' '), x + pad, y + pad + 11, { width: colW, height: h - pad * 2 - 11, ellipsis: true });
  const rx = x + half + gap;
  doc.save().lineWidth(0.5).strokeColor('#cfc8b6').moveTo(x + half + gap / 2, y + 4).lineTo(x + half + gap / 2, y + h - 4).stroke().restore();
  doc.font(FONT.bold).fontSize(8).fillColor('#111111').text('Notes', rx, y + pad, { lineBreak: false });
  // What the notes are, beside the heading and within the column (a narrow page cuts it short rather than cross the frame).
  const after = doc.widthOfString('Notes') + 5;
  doc.font(FONT.italic).fontSize(7).fillColor('#5a3d00')
    .text('not enforced by the program: the players apply them', rx + after, y + pad + 1, { width: colW - after, lineBreak: false, ellipsis: true });
  doc.font(FONT.regular).fontSize(7).fillColor('#222222')
    .text(b.notes || 'This scenario has no notes.', rx, y + pad + 11, { width: colW, height: h - pad * 2 - 11, ellipsis: true });
}

/** "Turn limit 12 · first attacker: roll · ..." : the rules options in force. */
export function rulesLine(rs: ResolvedScenario): string {
  const r = rs.rules;
  const first = r.firstAttacker === 'roll' ? 'dice roll' : rs.sides.find((s) => s.id === r.firstAttacker)?.name ?? r.firstAttacker;
  const hills = r.hills;
  return [
    r.turnLimit === null ? 'No turn limit' : `Turn limit ${r.turnLimit}`,
    `first attacker: ${first}`,
    `fractions: ${r.fractions === 'roll' ? 'rolled' : 'ledger'}`,
    `hills: ${hills.banned.length ? `closed to ${hills.banned.map((t) => TROOPS[t].name.toLowerCase()).join(', ')}` : 'open to all'}; move -${hills.movePenalty}; ` +
      `${hills.protected ? 'protected' : 'not protected'}; melee penalty ${hills.meleePenalty ? 'on' : 'off'}`,
  ].join(' · ');
}

function titleBlock(doc: Doc, rs: ResolvedScenario, x: number, y: number, w: number): void {
  const m = rs.scenario.meta;
  doc.font(FONT.bold).fontSize(15).fillColor('#111111').text(m.title, x, y, { width: w, lineBreak: false, ellipsis: true });
  const by = [m.author ? `by ${m.author}` : '', m.created ? `created ${m.created}` : '',
    `${rs.board.columns} x ${rs.board.rows} squares`].filter(Boolean).join(' · ');
  doc.font(FONT.regular).fontSize(8.5).fillColor('#333333').text(by, x, y + 20, { width: w, lineBreak: false });
  doc.fontSize(7.5).text(`Rules: ${rulesLine(rs)}`, x, y + 33, { width: w, height: 22, ellipsis: true });
}

function legend(doc: Doc, rs: ResolvedScenario, x: number, y: number, w: number, ink: PrintOptions['ink'], terrainOnly: boolean): void {
  const s = 26;
  const items: Array<[string, (f: BoardFrame) => void]> = [
    ['Woods', (f) => drawProtected(doc, f, 'A1', 'woods')],
    ['Buildings', (f) => drawProtected(doc, f, 'A1', 'buildings')],
    ['Rocks', (f) => drawProtected(doc, f, 'A1', 'rocks')],
    ['Village', (f) => drawProtected(doc, f, 'A1', 'village')],
    ['Hill', (f) => drawHill(doc, f, hillShape(['A1']))],
    ['Road', (f) => drawRoad(doc, { ...f, ox: f.ox - s }, roadLine(['A1', 'C1']))],
    ['River', (f) => drawRiverEdge(doc, { ...f, ox: f.ox - s / 2 }, 'A1', 'B1')],
    ['Ford', (f) => { drawRiverEdge(doc, { ...f, ox: f.ox - s / 2 }, 'A1', 'B1'); drawCrossing(doc, { ...f, ox: f.ox - s / 2 }, 'A1', 'B1', 'ford'); }],
    ['Bridge', (f) => { drawRiverEdge(doc, { ...f, ox: f.ox - s / 2 }, 'A1', 'B1'); drawCrossing(doc, { ...f, ox: f.ox - s / 2 }, 'A1', 'B1', 'bridge'); }],
  ];
  if (rs.scenario.objectives?.length) {
    items.push(['Objective', (f) => {
      doc.save().lineWidth(1.2).strokeColor(OBJECTIVE_INK.outline).dash(2.6, { space: 1.6 }).rect(f.ox + 1.5, f.oy + 1.5, s - 3, s - 3).stroke().undash().restore();
      drawObjectiveStar(doc, f.ox + s / 2, f.oy + s / 2, s * 0.3, f.ink);
    }]);
  }
  const cell = w / items.length;
  doc.font(FONT.bold).fontSize(8).fillColor('#111111').text('Legend', x, y, { lineBreak: false });
  items.forEach(([label, draw], i) => {
    const ox = x + i * cell + (cell - s) / 2;
    const f: BoardFrame = { ox, oy: y + 12, s, ink };
    doc.save().rect(ox, y + 12, s, s).clip();
    draw(f);
    doc.restore();
    doc.lineWidth(0.4).strokeColor(TERRAIN_STYLE.grid).rect(ox, y + 12, s, s).stroke();
    doc.font(FONT.regular).fontSize(6.5).fillColor('#333333').text(label, x + i * cell, y + 14 + s, { width: cell, align: 'center', lineBreak: false });
  });
  // Units: one counter per side, the commander's badge, and what the marks mean.
  const uy = y + 50;
  let ux = x;
  for (const side of rs.sides) {
    const sample: ResolvedUnit = { id: 'x', type: 'mediumInfantry', stands: 3, at: null, facing: side.edge === 'north' ? 'S' : 'N' };
    drawSquareUnits(doc, ux + 2, uy + 1, 29, [sample], side.edge, ink);
    const frame = SIDE_STYLES[side.edge].frame === 'solid' ? 'solid frame' : 'double frame';
    doc.font(FONT.regular).fontSize(6.5).fillColor('#333333')
      .text(`${side.name} (${side.edge}): ${frame}`, ux + 36, uy + 6, { width: 110, lineBreak: false, ellipsis: true });
    ux += 150;
  }
  commanderBadge(doc, ux + 8, uy + 15, 7, rs.sides[0]?.edge ?? 'north', ink);
  doc.text('commander', ux + 18, uy + 12, { lineBreak: false });
  ux += 62;
  doc.fontSize(6.3).text('Counter: troop code, a pip per stand (open = stand lost), arrow = facing. Dashed line = front of a set-up zone.',
    ux, uy + 4, { width: x + w - ux, height: 28 });
  const undeployed = rs.sides.map((sd) => [sd.name, sd.units.filter((u) => !u.at).length] as const).filter(([, n]) => n > 0);
  if (terrainOnly) {
    doc.font(FONT.italic).fontSize(6.5).text('Terrain only: set the units up from the rosters.', x, uy + 28, { width: w, lineBreak: false, ellipsis: true });
  } else if (undeployed.length) {
    doc.font(FONT.italic).fontSize(6.5).text(`Not deployed (set up behind the screen): ${undeployed.map(([n, k]) => `${n} ${k} unit${k === 1 ? '' : 's'}`).join('; ')}`,
      x, uy + 28, { width: w, lineBreak: false, ellipsis: true });
  }
}

/** Add the fit map page to a document; `pageNumber` is printed in its footer (a booklet's map pages count with the rest). */
export function drawFitMap(doc: Doc, scenario: Scenario, opts: PrintOptions, pageNumber?: number): void {
  const rs = resolveScenario(scenario);
  const { columns, rows } = rs.board;
  const brief = mapBriefing(scenario);
  const errorSquares = opts.markErrors ? errorSquaresOf(validateScenario(scenario)) : [];
  const errorsH = errorSquares.length ? ERRORS_H : 0;
  const band = (brief ? BRIEF_H : 0) + errorsH;
  const orientation = fitOrientation(columns, rows, opts.paper, band);
  const { width, height } = addPage(doc, opts.paper, orientation);
  const s = fitSquare(columns, rows, width, height, band);
  const boardW = columns * s;
  const boardH = rows * s;
  const areaTop = MARGIN + TITLE_H;
  const areaH = height - 2 * MARGIN - TITLE_H - LEGEND_H - band;
  const ox = (width - boardW) / 2;
  const oy = areaTop + (areaH - boardH) / 2;
  titleBlock(doc, rs, MARGIN, MARGIN, width - 2 * MARGIN);
  const frame: BoardFrame = { ox, oy, s, ink: opts.ink };
  drawBoard(doc, frame, rs, { unitIds: s >= 90, errorSquares, units: !opts.terrainOnly });
  drawEdgeLabels(doc, frame, columns, rows, Math.min(9, s * 0.3));
  for (const side of rs.sides) {
    const style = SIDE_STYLES[side.edge];
    const y = side.edge === 'north' ? oy - LABEL_V + 1 : oy + boardH + LABEL_V - 10;
    const text = `${side.name} set up here (${side.edge} edge, ${side.divisions} division${side.divisions === 1 ? '' : 's'})`;
    doc.font(FONT.bold).fontSize(8).fillColor(style.ink).text(text, ox, y, { width: boardW, align: 'center', lineBreak: false });
  }
  if (brief) briefingBlock(doc, brief, MARGIN, areaTop + areaH + errorsH + 2, width - 2 * MARGIN, BRIEF_H - 8);
  legend(doc, rs, MARGIN, height - MARGIN - LEGEND_H + 8, width - 2 * MARGIN, opts.ink, opts.terrainOnly === true);
  if (errorSquares.length) {
    doc.font(FONT.bold).fontSize(7.5).fillColor(TERRAIN_STYLE.error)
      .text(`Red dashed squares: set-up errors at ${errorSquares.join(', ')} (listed on the rosters).`, MARGIN, oy + boardH + LABEL_V + 1, { width: width - 2 * MARGIN, align: 'center', lineBreak: false, ellipsis: true });
  }
  footer(doc, width, height, `${opts.terrainOnly ? 'Mat (terrain only)' : 'Map'}, fit to page · ${PAPER_SIZES[opts.paper].label} ${orientation} · square ${(s / 72 * 25.4).toFixed(1)} mm`,
    `Nevsky Scenario Studio${opts.printedOn ? ` · printed ${opts.printedOn}` : ''}${pageNumber ? ` · page ${pageNumber}` : ''}`);
}
