/** Issue 27 items 3 and 7 without a browser: charge previews, MDI result chances, the recap of the other side's moves, the pace. */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { applyAction, compareMdi, legalActions, MDIS, viewFor, type Action, type GameEvent } from '../../src/rules';
import { chargePreview, mdiOutcomes, meleePreview, type MeleeSide } from '../../src/play/odds';
import { recap } from '../../src/play/recap';
import { loadPace, paceMs, savePace } from '../../src/components/play/pace';
import { act, gameOf } from '../engine/helpers';

const sides = (a: number, d: number): MeleeSide[] => [{ side: 'teutonic', value: a, parts: [] }, { side: 'russian', value: d, parts: [] }];

describe('MDI result chances (the engine\'s melee arithmetic over the six picks of each side)', () => {
  test.each(['teutonic', 'russian'])('with equal values the superior MDI always wins, seen by the %s side', (me) => {
    const o = mdiOutcomes(sides(4, 4), 'teutonic', me);
    for (const row of o.byPick) {
      const total = Object.values(row.counts).reduce((a, b) => a + b, 0);
      expect(total).toBe(6);
      const cmp = MDIS.map((theirs) => (me === 'teutonic' ? compareMdi(row.mdi, theirs) : compareMdi(theirs, row.mdi)));
      const mine = me === 'teutonic' ? 'a-superior' : 'b-superior';
      const theirs = me === 'teutonic' ? 'b-superior' : 'a-superior';
      expect(row.counts.theyRetreat + row.counts.theyDestroyed).toBe(cmp.filter((c) => c === mine).length);
      expect(row.counts.weRetreat + row.counts.weDestroyed).toBe(cmp.filter((c) => c === theirs).length);
      expect(row.counts.withdrawal).toBe(cmp.filter((c) => c === 'withdrawal').length);
      expect(row.counts.even).toBe(cmp.filter((c) => c === 'alike').length);
    }
    expect(Object.values(o.overall).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  test('a side worth three times the other destroys it whenever it is not inferior', () => {
    const o = mdiOutcomes(sides(9, 1), 'teutonic', 'russian');
    // The defender (worth 1) is destroyed unless it gets away or is superior; it never makes the attacker retreat.
    expect(o.overall.weDestroyed).toBeGreaterThan(0.5);
    expect(o.overall.theyRetreat + o.overall.theyDestroyed).toBe(0);
  });
});

describe('charge preview', () => {
  const start = () => gameOf([['t', 'kn', 'knights', 'E5', 'S'], ['r', 'ai', 'armoredInfantry', 'E7', 'N']]);

  test('both sides\' values are those of the melee the engine starts when the charge is made', () => {
    const s = start();
    const charge = legalActions(s).find((a): a is Extract<Action, { type: 'move' }> => a.type === 'move' && !!a.charge && a.to === 'E7');
    expect(charge).toBeDefined();
    const p = chargePreview(viewFor(s, 'teutonic'), charge!);
    expect(p?.contact).toBe('E7');
    const after = applyAction(s, charge!);
    expect(p!.sides.map((x) => x.value)).toEqual(meleePreview(after, after.melees[0]!).map((x) => x.value));
    // Charging knights count 4 a stand (the modifier is in the words).
    expect(p!.sides.find((x) => x.side === 'teutonic')!.parts.join(' ')).toContain('charging');
    expect(s.melees).toHaveLength(0);
  });

  test('no preview for a plain move', () => {
    const s = start();
    const move = legalActions(s).find((a) => a.type === 'move' && !a.charge)!;
    expect(chargePreview(s, move)).toBeNull();
  });
});

describe('recap of the other side\'s moves', () => {
  test('arrows from where each unit started to where it stands, melees from the events\' kind and square', () => {
    let s = gameOf([['t', 'kn', 'knights', 'E5', 'S'], ['r', 'ai', 'armoredInfantry', 'E8', 'N'], ['r', 'mi', 'mediumInfantry', 'H8', 'N']]);
    const base = s;
    const events: GameEvent[] = [];
    const step = (a: Parameters<typeof act>[1]) => { s = act(s, a); events.push(...s.events); };
    // The knights lead a melee at E8; both sides pick an MDI and it is fought.
    step({ type: 'move', unit: 'kn', to: 'E8' });
    step({ type: 'endMove' });
    while (s.phase !== 'melee' || s.current === null) step(legalActions(s).find((a) => ['endSupport', 'fight'].includes(a.type))!);
    step({ type: 'mdi', mdi: 'column' });
    step({ type: 'mdi', mdi: 'flanking' });
    const r = recap(viewFor(base, 'russian'), viewFor(s, 'russian'), events);
    expect(r.moved.some((m) => m.from === 'E5')).toBe(true);
    expect(r.fights).toEqual(['E8']);
    expect(r.labels.some((l) => l.square === 'E8')).toBe(true);
  });
});

describe('the computer\'s pace', () => {
  afterEach(() => { vi.unstubAllGlobals(); });
  test('is remembered, and normal when nothing (or nonsense) is stored', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => { store.set(k, v); } });
    expect(loadPace()).toBe('normal');
    savePace('fast');
    expect(loadPace()).toBe('fast');
    store.set([...store.keys()][0]!, 'warp');
    expect(loadPace()).toBe('normal');
    expect(paceMs('instant')).toBe(0);
    expect(paceMs('fast')).toBeLessThan(paceMs('normal'));
  });
});
