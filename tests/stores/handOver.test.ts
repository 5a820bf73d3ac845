/**
 * Hot-seat hand-over: the screen names the side that really has a choice. Forced decisions (forcedDecision) need no
 * one at the device, so they are made behind the hand-over and the next player is not handed a board where the other
 * side acts.
 */
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, test } from 'vitest';
import { applyAction, createGame, legalActions, saveGame, simplePolicy, type GameState } from '../../src/rules';
import { templateScenario } from '../../src/scenario';
import { forcedDecision } from '../../src/play/choices';
import type { GameRecord } from '../../src/stores/db';
import { useGameStore } from '../../src/stores/game';

const record = (s: GameState): GameRecord => ({
  id: 'g1', kind: 'game', title: 'A game', updated: 1, game: saveGame(s), setup: { mode: 'hotseat', computerSide: null, level: 2, sourceId: null }, over: false,
});

/**
 * The first position of a simple-policy game where the side to act has only forced decisions and, once they are made,
 * the other side has a real one; with that side and the number of forced decisions between.
 */
function forcedThenOther(seed: number): { at: GameState; next: string; forced: number } {
  let s = createGame(templateScenario('open-field')!, { seed });
  const policy = simplePolicy(seed);
  while (s.phase !== 'over') {
    let t = s, forced = 0;
    for (let f = forcedDecision(t, legalActions(t)); f && t.toAct === s.toAct; f = forcedDecision(t, legalActions(t)), forced++) t = applyAction(t, f.action);
    if (forced > 0 && t.phase !== 'over' && t.toAct !== s.toAct && !forcedDecision(t, legalActions(t))) return { at: s, next: t.toAct!, forced };
    s = applyAction(s, policy(s, legalActions(s)));
  }
  throw new Error(`seed ${seed}: no such position`);
}

describe('hot-seat hand-over names the side that decides', () => {
  beforeEach(() => { setActivePinia(createPinia()); });

  test.each([1, 2, 3])('resumed where one side has only forced decisions (seed %i): they are made, the hand-over names the other', (seed) => {
    const { at, next, forced } = forcedThenOther(seed);
    const game = useGameStore();
    game.setAutoForced(true);
    game.load(record(at));
    expect(game.handOver).toBe(true);
    expect(game.state!.toAct).toBe(next);
    expect(game.state!.log.length).toBe(at.log.length + forced);
    const other = at.sides.find((x) => x.id === at.toAct)!.name;
    expect(game.handOverReason).toContain(`The ${other} had nothing to choose: its ${forced === 1 ? 'forced decision was' : `${forced} forced decisions were`} made for it`);
    // Every one of them is in the log, with its reason, as the other side's.
    expect(game.journal.slice(-forced).every((e) => e.side === at.toAct && e.forced !== undefined)).toBe(true);
    game.takeSeat(next);
    expect(game.handOver).toBe(false);
    expect(game.view!.toAct).toBe(next);
  });

  test('with forced decisions left to the players, the hand-over names the side to act and nothing is made', () => {
    const { at } = forcedThenOther(1);
    const game = useGameStore();
    game.setAutoForced(false);
    game.load(record(at));
    expect(game.handOver).toBe(true);
    expect(game.state!.toAct).toBe(at.toAct);
    expect(game.state!.log.length).toBe(at.log.length);
    expect(game.handOverReason).toBe('Your turn to act.');
  });
});
