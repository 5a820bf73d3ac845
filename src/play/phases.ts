/** The banner's words: each phase's name and what the side to act can do in it. */
import { ENGINE_READINGS, TROOPS, type GameState, type PhaseName } from '../rules';
import { fraction } from '../rulesets/nevsky-reference';
import { sideName } from './describe';

export const PHASE_NAMES: Record<PhaseName, string> = {
  deploy: 'Hidden deployment', ballista: 'Ballista fire', missile: 'Missile fire', move: 'Movement',
  support: 'Support', melee: 'Melee', endTurn: 'End of turn', over: 'Game over',
};

/** What can be done now, in one sentence for the side to act. */
export function phaseHint(s: GameState): string {
  const r = s.resolution;
  switch (s.phase) {
    case 'deploy': return 'Place your units in your set-up zone, in any order: pick a unit (U), a square, then its facing (F). The other side cannot see where.';
    case 'ballista': return 'Aim each ballista at a square in range, or hold fire. Aims are open, the attacker\'s first; shots are resolved together.';
    case 'missile': return 'Fire your missile units one at a time, in the order you like (the odds are shown), or hold fire. Each shot is rolled at once.';
    case 'move': return 'Move, charge or turn your units; moving into an enemy leads a melee. End movement when done.';
    case 'support': return 'Declare which of your units support the melees, then finish.';
    case 'melee':
      if (r?.stage === 'allocate') return `Take the melee losses (${Math.round((r.loss[s.toAct!] ?? 0) * 100) / 100} points): choose which unit loses a stand.`;
      if (r?.stage === 'retreat') return 'Choose where the unit retreats.';
      if (r?.stage === 'facing') return 'Units that fought may turn once each; finish when done.';
      if (s.current !== null) return 'Pick a melee deployment (MDI) in secret; both picks are revealed together.';
      return 'Choose which melee to fight next.';
    case 'endTurn': return 'Destroy a ballista you cannot keep, or end the turn.';
    case 'over': return s.result?.winner ? `${sideName(s, s.result.winner)} win.` : 'A draw.';
  }
}

/** The rules of each phase in a sentence or two, in the project's own words (the quick-reference sheet has the detail). */
export const PHASE_RULES: Record<PhaseName, string> = {
  deploy: 'Each side places its units in its own set-up rows, out of the other\'s sight; both deployments are shown when the battle starts.',
  ballista: `Ballistas aim in the open, the attacker's first. A ballista shot comes down on the aimed square on a die roll of 1-${ENGINE_READINGS.ballistaOnTarget} (1-${ENGINE_READINGS.ballistaOnProtectedTarget} when that square is protected); otherwise it drifts one square. Where it comes down troops lose a stand, but outside the cone only the shooter's own troops do.`,
  missile: 'The attacker\'s missile units fire first, then the defender\'s, one unit at a time in the order each side picks; every shot is rolled and its hits taken before the next. A unit rolls a die per stand it had when the phase began and hits on the fire table\'s numbers for its target and range. A protected square costs a die; each later shot at the same square adds one, and the first shot there comes from one of the closest units still to fire. Against a commander with a unit the dice count against both; where both would lose stands the shooter picks which.',
  move: `A unit moves up to its allowance; entering an enemy's square leads a melee there. Knights and commanders may declare a charge (up to ${fraction(TROOPS.knights.charge!)}, stands worth ${fraction(TROOPS.knights.chargeValue!)}) on a path clear of protected squares; rivers are crossed only at fords and bridges.`,
  support: 'Units beside a contact square may add their value to its melee, as their support type allows; a unit supports one melee only.',
  melee: 'Each side is worth its stands\' values (charging knights more). Both pick an MDI in secret: the superior one makes the other side lose more, then the weaker side retreats 2 with its supporters, or is destroyed when the stronger has three times its value. A withdrawal that gets away takes the side and its supporters back 2 with no losses.',
  endTurn: 'The turn ends and the sides swap roles: the other side attacks next. After the last turn the side with more points of surviving stands wins.',
  over: 'The game is over. A side that conceded, or has no troops left on the board, has lost; otherwise, at the turn limit, the points of surviving stands decide it (half for units that left the board and for half-killed stands).',
};
