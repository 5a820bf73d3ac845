/** Terrain, once: the terrain index, and the validator, engine, SVG map and PDF agreeing on which squares are road. */
import { describe, expect, test } from 'vitest';
import { reachableSquares, roadSquares, terrainIndex, validateScenario, riverBlocks, type Scenario } from '../../src/rules';
import { meleeValueOf as meleeValue } from '../engine/core';
import { drawTerrain } from '../../src/render/terrain';
import { drawBoard } from '../../src/pdf/board';
import { CELL, MARGIN } from '../../src/render/layout';
import { resolveScenario, templateScenario } from '../../src/scenario';
import { TERRAIN_STYLE } from '../../src/scenario/symbology';
import { gameOf, scenarioOf } from '../engine/helpers';

/** A road with a turn: B6 to H6, then down to H9. */
const ROAD = { roads: [{ path: ['B6', 'H6', 'H9'] }] };
const ROAD_SQUARES = ['B6', 'C6', 'D6', 'E6', 'F6', 'G6', 'H6', 'H7', 'H8', 'H9'];

/** Anything-goes recorder standing in for an svg.js container or a pdfkit document: every call returns itself. */
function recorder(log: Array<{ name: string; args: unknown[] }>): never {
  const proxy: unknown = new Proxy(function () { /* callable */ }, {
    get: (_t, name) => (name === 'then' ? undefined : (...args: unknown[]) => { log.push({ name: String(name), args }); return proxy; }),
  });
  return proxy as never;
}

/** Squares whose centres the points pass through (a square centre in pixel space -> its name). */
function squaresAt(points: Array<[number, number]>, origin: number, cell: number): string[] {
  return points.map(([x, y]) => `${String.fromCharCode(65 + Math.round((x - origin) / cell - 0.5))}${Math.round((y - origin) / cell - 0.5) + 1}`);
}

describe('3D terrain index', () => {
  test.each([
    [['A6', 'D6', 'D8'], ['A6', 'B6', 'C6', 'D6', 'D7', 'D8']],
    [['F1', 'F3'], ['F1', 'F2', 'F3']],
    [['C3', 'A3'], ['C3', 'B3', 'A3']],
    [['A1', 'B2'], ['A1', 'B2']],
  ])('road %j covers every square of its straight runs', (path, squares) => {
    expect(roadSquares(path)).toEqual(squares);
  });

  test('the index holds road squares per road, river and crossing edges, crossing squares, protected squares, hills and cover', () => {
    const s = scenarioOf([], {
      ...ROAD, protected: [{ at: 'C8', kind: 'woods' }], hills: [{ squares: ['J2', 'J3'] }],
      rivers: [{ edges: [['A4', 'A5'], ['B4', 'B5']] }], crossings: [{ edge: ['B4', 'B5'], kind: 'ford' }],
    });
    const t = terrainIndex(s);
    expect(t).toBe(terrainIndex(s));
    expect(t.roads).toEqual([ROAD_SQUARES]);
    expect([...t.road].sort()).toEqual([...ROAD_SQUARES].sort());
    expect(riverBlocks(t, 'A4', 'A5')).toBe(true);
    expect(riverBlocks(t, 'A5', 'A4')).toBe(true);
    expect(riverBlocks(t, 'B4', 'B5')).toBe(false);
    expect([...t.crossingSquares].sort()).toEqual(['B4', 'B5']);
    expect([...t.cover].sort()).toEqual(['B4', 'B5', 'C8', 'J2', 'J3']);
    const open = terrainIndex(scenarioOf([], { hills: [{ squares: ['J2'] }] }, { hills: { protected: false } }));
    expect(open.cover.has('J2')).toBe(false);
  });
});

describe('3D road squares: validator, engine, map and PDF agree', () => {
  test('the validator reports a protected square on a road interior square (3D)', () => {
    const codes = (terrain: Scenario['terrain']) => validateScenario({ ...scenarioOf([]), terrain }).filter((d) => d.code === 'road-on-protected').map((d) => d.squares);
    expect(codes({ ...ROAD, protected: [{ at: 'E6', kind: 'village' }] })).toEqual([['E6']]);
    expect(codes({ ...ROAD, protected: [{ at: 'H8', kind: 'village' }] })).toEqual([['H8']]);
    expect(codes({ ...ROAD, protected: [{ at: 'E7', kind: 'village' }] })).toEqual([]);
  });

  test('6B the road bonus holds from an interior road square along the road, and not off it', () => {
    const s = gameOf([['t', 'm', 'mediumInfantry', 'C6', 'E'], ['r', 'x', 'levyInfantry', 'A12']], { terrain: ROAD });
    const reach = reachableSquares(s, 'm');
    expect(reach.F6).toBe(3);
    expect(reach.C9).toBeUndefined();
    const plain = reachableSquares(gameOf([['t', 'm', 'mediumInfantry', 'C6', 'E'], ['r', 'x', 'levyInfantry', 'A12']]), 'm');
    expect(plain.F6).toBeUndefined();
  });

  test.each([
    ['interior road square', 'E6', 1],
    ['road corner', 'H6', 1],
    ['road interior after the turn', 'H8', 1],
    ['square beside the road', 'E7', 0],
  ])('9F the attacker loses 1 in a melee on a %s (%s)', (_what, sq, minus) => {
    const [c, r] = [sq.charCodeAt(0), Number(sq.slice(1))];
    const from = `${String.fromCharCode(c)}${r - 1}`;
    let s = gameOf([['t', 'a', 'mediumInfantry', from, 'S'], ['r', 'd', 'mediumInfantry', sq, 'N']], { terrain: ROAD });
    s = { ...s, units: s.units.map((u) => (u.id === 'a' ? { ...u, at: sq } : u)), melees: [{ contact: sq, supports: [], mdi: {}, fought: false }] };
    expect(meleeValue(s, s.melees[0]!, 'teutonic')).toBe(4 - minus);
    expect(meleeValue(s, s.melees[0]!, 'russian')).toBe(4);
  });

  test.each(['roadside-village', 'open-field'])('the SVG map draws each road through the centre of exactly its index squares (%s)', (id) => {
    const s = id === 'open-field' ? { ...templateScenario(id)!, terrain: ROAD } : templateScenario(id)!;
    const log: Array<{ name: string; args: unknown[] }> = [];
    drawTerrain(recorder(log), s, { woods: 'w', buildings: 'b', rocks: 'r', village: 'v', hill: 'h' } as never);
    const lines = log.filter((c) => c.name === 'polyline').map((c) => c.args[0] as Array<[number, number]>);
    const drawn = new Set(lines.flatMap((pts) => squaresAt(pts, MARGIN, CELL)));
    expect([...drawn].sort()).toEqual([...terrainIndex(s).road].sort());
  });

  test('the PDF map draws each road through the centre of exactly its index squares', () => {
    const base = templateScenario('open-field')!;
    const s = { ...base, terrain: ROAD, sides: base.sides.map((x) => ({ ...x, units: [] })) };
    const log: Array<{ name: string; args: unknown[] }> = [];
    const f = { ox: 10, oy: 10, s: 20, ink: 'color' as const };
    drawBoard(recorder(log), f, resolveScenario(s));
    // Road bands are stroked in the road edge colour: collect the points of the path before each such stroke.
    const roads: Array<Array<[number, number]>> = [];
    let path: Array<[number, number]> = [];
    let colour = '';
    for (const c of log) {
      if (c.name === 'moveTo') path = [c.args as [number, number]];
      else if (c.name === 'lineTo') path.push(c.args as [number, number]);
      else if (c.name === 'strokeColor') colour = String(c.args[0]);
      else if (c.name === 'stroke' && colour === TERRAIN_STYLE.road.edge) roads.push(path);
    }
    expect(roads).toHaveLength(1);
    // Walk the line in half squares: the square centres it passes, in order (a straight run may be one segment,
    // and the two ends run out to the far side of their squares, half a square from a centre).
    const line = roads[0]!;
    const centres: Array<[number, number]> = [];
    for (let i = 1; i < line.length; i++) {
      const [[x0, y0], [x1, y1]] = [line[i - 1]!, line[i]!];
      const steps = Math.round(Math.hypot(x1 - x0, y1 - y0) / 10);
      for (let k = 0; k <= steps; k++) {
        const [x, y] = [x0 + ((x1 - x0) * k) / steps, y0 + ((y1 - y0) * k) / steps];
        const centre = Math.abs(((x - 10) / 20) % 1 - 0.5) < 1e-9 && Math.abs(((y - 10) / 20) % 1 - 0.5) < 1e-9;
        const last = centres[centres.length - 1];
        if (centre && !(last && last[0] === x && last[1] === y)) centres.push([x, y]);
      }
    }
    expect(squaresAt(centres, 10, 20)).toEqual(ROAD_SQUARES);
  });
});
