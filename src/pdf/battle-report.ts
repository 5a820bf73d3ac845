/**
 * The battle report: a saved game (scenario, seed, actions) replayed into a PDF with the title, the result and
 * points, a small map at the start, after each turn and at the end (stands lost show as open pips; squares where
 * stands were lost that turn carry a red cross), and the turn-by-turn log in plain English.
 */
import {
  actionFault, objectiveHoldings, standsOf, applyAction, createGame, diceFor, formatPoints, gamePoints, narrate, narrateDetail, turnTitle, unitPoints, type GameEvent, type GameState, type SavedGame,
} from '../rules';
import { resolveScenario, type ResolvedScenario } from '../scenario';
import { TERRAIN_STYLE } from '../scenario/symbology';
import { drawBoard, drawEdgeLabels } from './board';
import { PAPER_SIZES, type Ink, type Paper } from './options';
import { addPage, footer } from './page';
import { createDoc, finishDoc, FONT, missingCharacters, type Doc, type PdfFonts } from './pdfkit';

export interface ReportOptions { paper: Paper; ink?: Ink; printedOn?: string; fonts?: PdfFonts }

/** One stage of the game: the state at a moment and what happened since the previous stage. */
export interface ReportStage { title: string; state: GameState; events: GameEvent[] }

/**
 * Replay a saved game into stages: "Start" (the field when turn 1 begins, with what happened before it), then
 * each turn with the state at its end and its events, the last one marked as the end of the game.
 */
export function reportStages(saved: Pick<SavedGame, 'scenario' | 'seed' | 'actions' | 'distance'> & { turnLimit?: number | null }): ReportStage[] {
  let s = createGame(saved.scenario, { seed: saved.seed, ...(saved.turnLimit !== undefined ? { turnLimit: saved.turnLimit } : {}) });
  const stages: ReportStage[] = [];
  let title = 'Start';
  let events: GameEvent[] = [];
  /** Take in one action's events; a turn event closes the stage so far (its state: `at`). */
  const take = (list: GameEvent[], at: GameState): void => {
    for (const e of list) {
      if (e.kind === 'turn') {
        stages.push({ title, state: at, events });
        title = turnTitle(e);
        events = [];
      } else {
        events.push(e);
      }
    }
  };
  take(s.events, s);
  for (const [i, a] of saved.actions.entries()) {
    let next: GameState;
    try { next = applyAction(diceFor(saved, i, s), a); } catch (err) { throw new Error(actionFault(i, a.type, (err as Error).message)); }
    take(next.events, next);
    s = next;
  }
  stages.push({ title: s.result ? `${title}: end of the game` : `${title}: the game stopped here`, state: s, events });
  return stages;
}

/**
 * A stage's log for the report: each event in the narrator's words (placements and turn headings left out: the map
 * and the stage title show them), a melee followed by its values part by part.
 */
export function stageLines(stage: ReportStage): string[] {
  const out: string[] = [];
  for (const e of stage.events) {
    if ((e.kind === 'deploy' && !('noRoom' in e)) || e.kind === 'turn') continue;
    out.push(narrate(e, stage.state));
    for (const d of narrateDetail(e, stage.state)) out.push(`    ${d}`);
  }
  return out;
}

/** The scenario with the units as they stand in a state (active units on the board only). */
function resolvedAt(state: GameState): ResolvedScenario {
  const rs = resolveScenario(state.scenario);
  return {
    ...rs,
    sides: rs.sides.map((side) => ({
      ...side,
      units: state.units.filter((u) => u.side === side.id && u.status === 'active' && u.at).map((u) => ({ id: u.id, type: u.type, stands: u.stands, at: u.at, facing: u.facing })),
    })),
  };
}

/** Squares where units lost stands (or were destroyed) between two states. */
export function lossSquares(before: GameState, after: GameState): string[] {
  const out = new Set<string>();
  for (const u of before.units) {
    const v = after.units.find((x) => x.id === u.id);
    if (!u.at || u.status !== 'active' || !v) continue;
    if (v.stands < u.stands || v.status === 'destroyed') out.add(v.at ?? u.at);
  }
  return [...out];
}

/** Points of each side's units at full strength (the scenario's forces). */
function forcePoints(state: GameState): Record<string, number> {
  const out = Object.create(null) as Record<string, number>;
  for (const s of state.sides) out[s.id] = state.scenario.sides.find((x) => x.id === s.id)!.units.reduce((n, u) => n + unitPoints(u.type, standsOf(u)), 0);
  return out;
}

const M = 36;

function miniMap(doc: Doc, state: GameState, x: number, y: number, maxW: number, maxH: number, ink: Ink, losses: string[]): number {
  const rs = resolvedAt(state);
  const s = Math.min(maxW / (rs.board.columns + 1), maxH / (rs.board.rows + 1));
  const ox = x + s * 0.5;
  const oy = y + s * 0.5;
  const f = { ox, oy, s, ink };
  drawBoard(doc, f, rs);
  drawEdgeLabels(doc, f, rs.board.columns, rs.board.rows, Math.min(6, s * 0.4));
  doc.save().lineWidth(Math.max(1, s * 0.08)).strokeColor(TERRAIN_STYLE.error);
  for (const sq of losses) {
    const c = /^([A-Z]+)(\d+)$/.exec(sq);
    if (!c) continue;
    const col = [...c[1]!].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
    const row = Number(c[2]) - 1;
    const cx = ox + col * s;
    const cy = oy + row * s;
    doc.moveTo(cx + s * 0.1, cy + s * 0.1).lineTo(cx + s * 0.9, cy + s * 0.9).moveTo(cx + s * 0.9, cy + s * 0.1).lineTo(cx + s * 0.1, cy + s * 0.9).stroke();
  }
  doc.restore();
  return s * (rs.board.rows + 1);
}

function header(doc: Doc, saved: SavedGame, end: GameState, width: number): number {
  doc.font(FONT.bold).fontSize(17).fillColor('#111111').text(`Battle report: ${saved.scenario.meta.title}`, M, M, { width: width - 2 * M, lineBreak: false, ellipsis: true });
  const r = end.result;
  const name = (id: string): string => end.sides.find((s) => s.id === id)?.name ?? id;
  const result = r ? (r.winner ? `${name(r.winner)} wins` : 'A draw') + (end.conceded ? ` (${name(end.conceded)} conceded)` : '') : `Unfinished: stopped in turn ${end.turn}`;
  doc.font(FONT.bold).fontSize(12).fillColor('#222222').text(r ? `${result} after ${end.turn} turn${end.turn === 1 ? '' : 's'}` : result, M, M + 24, { lineBreak: false });
  doc.font(FONT.regular).fontSize(8.5).fillColor('#333333').text(`Seed ${saved.seed} · ${saved.actions.length} actions · ${end.sides.map((s) => `${s.name} (${s.edge})`).join(' against ')}`, M, M + 42, { lineBreak: false });
  // Points: at the start, lost, and at the end (the rules' count: survivors, half for units that left the field);
  // a game that stopped before its end shows the same count so far, and says so.
  const start = forcePoints(end);
  const now = r ? r.points : gamePoints(end);
  let y = M + 60;
  const cols = [M, M + 170, M + 260, M + 350];
  doc.font(FONT.bold).fontSize(8.5).fillColor('#111111');
  ['Side', 'Points at start', r ? 'Points at end' : 'Points so far', 'Lost'].forEach((h, i) => doc.text(h, cols[i]!, y, { lineBreak: false }));
  y += 13;
  doc.font(FONT.regular);
  for (const s of end.sides) {
    const endPts = now[s.id];
    const startPts = start[s.id] ?? 0;
    [s.name, String(startPts), endPts === undefined ? '-' : formatPoints(endPts), endPts === undefined ? '-' : formatPoints(startPts - endPts)]
      .forEach((t, i) => doc.text(t, cols[i]!, y, { width: i === 0 ? 165 : 85, lineBreak: false, ellipsis: true }));
    y += 12;
  }
  // Objectives and their holders at the end (R-objectives), one line each.
  for (const o of objectiveHoldings(end)) {
    doc.text(`Objective ${o.label} (${o.squares.join(', ')}), ${o.points} points: ${o.holder ? `held by ${name(o.holder)}` : 'held by nobody'}`, M, y, { width: width - 2 * M, lineBreak: false, ellipsis: true });
    y += 12;
  }
  if (!r) {
    doc.font(FONT.italic).fontSize(8).fillColor('#444444').text(`The game is unfinished (stopped in turn ${end.turn}): "Points so far" counts the stands still in play as the end of a game would.`, M, y + 2, { width: width - 2 * M });
    y = doc.y;
  }
  return y + 8;
}

/** The battle report of a saved game as a PDF. */
export async function battleReportPdf(saved: SavedGame, o: ReportOptions, hooks: { missing?: (chars: string[]) => void } = {}): Promise<Uint8Array> {
  const stages = reportStages(saved);
  const end = stages[stages.length - 1]!.state;
  const doc = createDoc({ title: `${saved.scenario.meta.title}: battle report`, subject: 'Battle report', fonts: o.fonts });
  const ink = o.ink ?? 'color';
  const { width, height } = PAPER_SIZES[o.paper];
  let page = 0;
  const newPage = (): void => {
    addPage(doc, o.paper);
    page++;
    footer(doc, width, height, `Battle report · ${saved.scenario.meta.title}`, `${o.printedOn ? `printed ${o.printedOn} · ` : ''}page ${page}`, M);
  };
  newPage();
  let y = header(doc, saved, end, width);
  const mapW = 190;
  const textX = M + mapW + 14;
  const textW = width - M - textX;
  const bottom = height - M - 14;
  stages.forEach((stage, i) => {
    const prev = stages[i - 1]?.state ?? stage.state;
    const losses = i === 0 ? [] : lossSquares(prev, stage.state);
    const lines = stageLines(stage);
    if (i === 0) lines.unshift('The field when play begins, after both sides have deployed.');
    if (y + mapW + 24 > bottom) { newPage(); y = M; }
    doc.font(FONT.bold).fontSize(11).fillColor('#111111').text(stage.title, M, y, { lineBreak: false });
    if (losses.length) {
      const w = doc.widthOfString(stage.title);
      doc.font(FONT.italic).fontSize(7).fillColor(TERRAIN_STYLE.error).text(`red crosses: stands lost at ${losses.join(', ')}`, M + w + 10, y + 3, { width: width - 2 * M - w - 10, lineBreak: false, ellipsis: true });
    }
    y += 15;
    const mapH = miniMap(doc, stage.state, M, y, mapW, mapW, ink, losses);
    let ty = y;
    doc.font(FONT.regular).fontSize(7).fillColor('#222222');
    for (const line of lines) {
      // Beside the map, then the full width below it (and on any following page).
      let w = ty > y + mapH ? width - 2 * M : textW;
      let h = doc.heightOfString(line, { width: w });
      if (ty + h > bottom) {
        newPage();
        ty = M;
        y = M - mapH - 10;
        w = width - 2 * M;
        h = doc.font(FONT.regular).fontSize(7).fillColor('#222222').heightOfString(line, { width: w });
      }
      doc.text(line, w === textW ? textX : M, ty, { width: w });
      ty += h + 1;
    }
    y = Math.max(y + mapH + 14, ty + 8);
  });
  const missing = missingCharacters(doc);
  if (missing.length) hooks.missing?.(missing);
  return finishDoc(doc);
}

