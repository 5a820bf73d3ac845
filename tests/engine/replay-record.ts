/**
 * Replay fingerprints (issue 3 speed work): full-length random-policy games per template, with the final state
 * hash, the number of legal actions at every step and a hash of every listed action. Recorded once from the engine
 * before the speed work (replay-fixture.json); the test asserts the engine still produces exactly these.
 * Record again with: npx tsx tests/engine/replay-record.ts > tests/engine/replay-fixture.json
 */
import { actionKey, applyAction, createGame, legalActions, randomPolicy, stateHash, type GameState } from '../../src/rules';
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

export function fingerprint(template: string, seed: number): GameFingerprint {
  const scenario = TEMPLATES.find((t) => t.id === template)!.scenario;
  const pick = randomPolicy(seed * 31 + 7);
  let s: GameState = createGame(scenario, { seed });
  const counts: number[] = [];
  let listed = 0x811c9dc5;
  while (s.phase !== 'over') {
    const legal = legalActions(s);
    counts.push(legal.length);
    for (const a of legal) listed = fnv(actionKey(a), listed);
    s = applyAction(s, pick(s, legal));
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
