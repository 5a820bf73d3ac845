/**
 * Which players a balance run uses by default on this machine (issue 29 item 1), for the app and the CLI alike: the
 * machine's spare cores, how fast each competent policy plays there, and the strongest policy that plays 1,000 games
 * in about a minute on them.
 */
import type { PolicyName } from '../rules';

/** Spare cores, one per worker: all but one for the page or the shell, at least one. */
export function spareCores(hardwareConcurrency: number | undefined): number {
  return Math.max(1, (hardwareConcurrency ?? 2) - 1);
}

/**
 * Games a CPU-second each competent policy plays on open-field, from `npm run bench -- balance` (issue 29 item 7,
 * taken together on this project's 2-core machine): what the default policy is chosen by.
 */
export const GAMES_PER_CPU_SECOND: Readonly<Record<'simple' | 'search', number>> = { simple: 130, search: 6 };

/**
 * Games a settled verdict usually takes (issue 43 item 3): the sequential run stops at its first looks on a scenario one
 * side clearly wins, and a few hundred games settle most (a close one runs on to its cap, and says so).
 */
export const SETTLE_GAMES = 300;

/**
 * The policy both sides play by default (issues 29 item 1 and 43 item 3): never weaker than the strongest player that
 * gives a settled verdict in about a minute (here: within 60 s) on one spare core. The search player (balance budget)
 * plays SETTLE_GAMES games in about 50 s on one core, so it is the default on any machine; the simple policy (whose
 * verdict can be the opposite of stronger players') is the default only where that would not hold. More spare cores
 * only make it faster.
 */
export function defaultPolicy(spare: number): PolicyName {
  return secondsFor(SETTLE_GAMES, 'search', Math.min(1, spare)) <= 60 ? 'search' : 'simple';
}

/** The fewest spare cores on which the search player is the default (defaultPolicy's threshold, for the panel's line). */
export function searchDefaultFrom(): number {
  let n = 1;
  while (defaultPolicy(n) !== 'search') n++;
  return n;
}

/** About how long `games` games of a competent policy take on `cores` cores (from GAMES_PER_CPU_SECOND). */
export function secondsFor(games: number, policy: 'simple' | 'search', cores: number): number {
  return games / (GAMES_PER_CPU_SECOND[policy] * Math.max(1, cores));
}
