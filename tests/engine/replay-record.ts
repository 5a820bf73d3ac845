/**
 * Replay fingerprints (issue 3 speed work): full-length random-policy games per template, with the final state
 * hash, the number of legal actions at every step and a hash of every listed action. Recorded once from the engine
 * before the speed work (replay-fixture.json); the test asserts the engine still produces exactly these.
 * Record again with: npx tsx tests/engine/replay-record.ts > tests/engine/replay-fixture.json
 */
import { actionKey, applyAction, createGame, legalActions, stateHash, type Action, type GameState } from '../../src/rules';
import { createRng } from '../../src/rules/random';
import { randomIndex } from '../../src/rules/sample';
import { TEMPLATES } from '../../src/scenario';

export const FIXTURE_SEEDS = [1, 2];

export interface GameFingerprint { template: string; seed: number; steps: number; finalHash: string; listedHash: string; counts: number[] }

/** FNV-1a over a string, continuing from `h`. */
function fnv(text: string, h: number): number {
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The random policy the fixture was recorded with, kept as it was: it counts the kinds listed, draws a facing change
 * 1 time in 8 when there are both kinds, then the k-th of the kind (randomPolicy now draws the same odds by trying
 * random places, a different stream of numbers). Concession only when it is the only action.
 */
function fixturePolicy(seed: number): (actions: readonly Action[]) => Action {
  const r = createRng(seed);
  return (actions) => {
    const n = actions.length;
    let concedes = 0, faces = 0;
    for (const a of actions) { if (a.type === 'concede') concedes++; else if (a.type === 'face') faces++; }
    const pool = n > 1 ? n - concedes : n;
    let kind = 0, size = pool;
    if (faces > 0 && faces < pool) { if (randomIndex(r, 8) === 0) { kind = 1; size = faces; } else { kind = 2; size = pool - faces; } }
    let k = randomIndex(r, size);
    for (const a of actions) {
      if ((n > 1 && a.type === 'concede') || (kind === 1 && a.type !== 'face') || (kind === 2 && a.type === 'face')) continue;
      if (k-- === 0) return a;
    }
    return actions[0]!;
  };
}

export function fingerprint(template: string, seed: number): GameFingerprint {
  const scenario = TEMPLATES.find((t) => t.id === template)!.scenario;
  const pick = fixturePolicy(seed * 31 + 7);
  let s: GameState = createGame(scenario, { seed });
  const counts: number[] = [];
  let listed = 0x811c9dc5;
  while (s.phase !== 'over') {
    const legal = legalActions(s);
    counts.push(legal.length);
    for (const a of legal) listed = fnv(actionKey(a), listed);
    s = applyAction(s, pick(legal));
  }
  return { template, seed, steps: counts.length, finalHash: stateHash(s), listedHash: listed.toString(16).padStart(8, '0'), counts };
}

export function allFingerprints(): GameFingerprint[] {
  return TEMPLATES.flatMap((t) => FIXTURE_SEEDS.map((seed) => fingerprint(t.id, seed)));
}

if (typeof process !== 'undefined' && process.argv[1]?.endsWith('replay-record.ts')) {
  const games = allFingerprints();
  process.stdout.write(`[\n${games.map((g) => JSON.stringify(g)).join(',\n')}\n]\n`);
}
