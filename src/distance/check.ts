/**
 * The checks every message of a game at a distance passes (on arrival at a player, and again when `nevsky replay`
 * reads the exported game), and the check of a whole exported game: every commitment against its reveal, and the
 * messages giving exactly the file's actions and dice.
 */
import type { Action } from '../rules/actions';
import type { SavedGame } from '../rules/replay';
import { canonicalJson, diceCommitment, diceSeed, messageHash, sealOf } from './crypto';
import type { Message } from './message';
import { escapeControl } from '../rules/safe-text';
import { replayMessages, senderOf } from './transcript';
import { actionsAsSentBefore3, messageAsSentBefore3 } from '../rules/readGame';

/**
 * Does `hash` commit to message `m`: as it stands, or (`before3`, a saved game read through migrateGame) as the
 * program before R-run-over sent it, the form its commitment was made over?
 */
async function linksTo(hash: string | undefined, m: Message, before3: boolean): Promise<boolean> {
  if (hash === (await messageHash(m))) return true;
  const sent = before3 ? messageAsSentBefore3(m) : null;
  return sent !== null && hash === (await messageHash(sent));
}

/** Does `seal` commit to these choices, as they stand or (`before3`) as the program before R-run-over wrote them? */
async function seals(seal: string, game: string, n: number, salt: string, actions: readonly Action[], before3: boolean): Promise<boolean> {
  if ((await sealOf(game, n, salt, actions)) === seal) return true;
  const sent = before3 ? actionsAsSentBefore3(actions) : null;
  return sent !== null && (await sealOf(game, n, salt, sent as Action[])) === seal;
}

/**
 * Why message `m` cannot follow `before` (the messages 0..m.n-1 of its game), or null: its game, place, sender and
 * link to the message before it, its dice reveal against the commitment of its sender's previous message, and the
 * opening of that message's sealed choices. Rules of play are checked by replaying (replayMessages). `before3`: the
 * messages come from a saved game read through migrateGame, whose commitments were made over their earlier form.
 */
export async function messageProblem(before: readonly Message[], m: Message, before3 = false): Promise<string | null> {
  const n = m.n;
  if (n !== before.length) return `message ${before.length} is followed by a message numbered ${n}`;
  if (n === 0) return m.scenario ? null : 'the invitation carries no scenario';
  if (m.game !== before[0]!.game) return `message ${n} belongs to another game`;
  const sender = senderOf(before, n);
  if (m.from !== sender) return `message ${n} should come from ${sender}, not ${m.from}`;
  if (m.scenario !== undefined || m.turnLimit !== undefined) return `message ${n} carries a scenario: only an invitation does`;
  if (!(await linksTo(m.prev, before[n - 1]!, before3))) return `message ${n} does not follow message ${n - 1} of this game (one of them was changed, or it was made from another copy)`;
  if (m.roll === undefined) return `message ${n} has no dice share`;
  if (n === 1) {
    if (m.reveal !== undefined || m.unseal || m.actions || m.seal) return 'the join (message 1) carries no reveal and no actions';
    return null;
  }
  if (m.reveal === undefined || (await diceCommitment(m.game, n - 2, m.reveal)) !== before[n - 2]!.commit) {
    return `message ${n} does not reveal the dice secret message ${n - 2} committed to: the secret was changed`;
  }
  const sealed = before[n - 2]!.seal;
  if (sealed !== undefined) {
    if (!m.unseal || !(await seals(sealed, m.game, n - 2, m.unseal.salt, m.unseal.actions, before3))) {
      return `message ${n} does not open the secret choice message ${n - 2} sealed, or opens it with other choices`;
    }
  } else if (m.unseal) return `message ${n} opens a secret choice message ${n - 2} never sealed`;
  return null;
}

/** The result of checking an exported game: how many commitments matched their reveals, or the first problem. */
export type DistanceCheck = { ok: true; commitments: number; messages: number } | { ok: false; reason: string };

/** Check a saved game played at a distance (call only when it has `distance`). */
export async function checkDistanceGame(saved: SavedGame): Promise<DistanceCheck> {
  const d = saved.distance!;
  // The reason may quote the file's messages (sides, units): made safe once, as all file text is.
  const fail = (reason: string): DistanceCheck => ({ ok: false, reason: escapeControl(reason) });
  if (d.messages.length === 0) return fail('the game has no messages');
  const messages: Message[] = [{ ...d.messages[0]!, scenario: saved.scenario }, ...d.messages.slice(1)];
  if (messages[0]!.game !== d.game) return fail('the invitation belongs to another game');
  if (!saved.scenario.sides.some((s) => s.id === messages[0]!.from)) return fail(`the invitation comes from side "${messages[0]!.from}", which the scenario does not have`);
  let commitments = 0;
  for (let n = 0; n < messages.length; n++) {
    const problem = await messageProblem(messages.slice(0, n), messages[n]!, true);
    if (problem) return fail(problem);
    if (n >= 2) commitments += messages[n - 2]!.seal ? 2 : 1;
  }
  const secrets = new Map<number, string>();
  messages.forEach((m, n) => { if (n >= 2) secrets.set(n - 2, m.reveal!); });
  const sealed = new Map<number, readonly Action[]>();
  messages.forEach((m, n) => { if (m.unseal) sealed.set(n - 2, m.unseal.actions); });
  for (const c of d.closing?.secrets ?? []) {
    const m = messages[c.n];
    if (!m || m.from !== d.side || secrets.has(c.n)) return fail(`the closing secret of message ${c.n} is not one of ${d.side}'s unrevealed commitments`);
    if ((await diceCommitment(d.game, c.n, c.secret)) !== m.commit) return fail(`the closing secret of message ${c.n} does not match its commitment`);
    secrets.set(c.n, c.secret);
    commitments++;
  }
  for (const c of d.closing?.seals ?? []) {
    const m = messages[c.n];
    if (!m?.seal || m.from !== d.side || sealed.has(c.n)) return fail(`the closing choices of message ${c.n} open no unopened seal of ${d.side}`);
    if (!(await seals(m.seal, d.game, c.n, c.salt, c.actions, true))) return fail(`the closing choices of message ${c.n} do not match their seal`);
    sealed.set(c.n, c.actions);
    commitments++;
  }
  const seeds = new Map<number, number>();
  for (let n = 1; n < messages.length; n++) {
    const secret = secrets.get(n - 1);
    if (secret !== undefined) seeds.set(n, await diceSeed(d.game, n, secret, messages[n]!.roll!));
  }
  const p = replayMessages(messages, { seeds, sealed });
  if (p.fault) return fail(p.fault);
  if (seeds.has(1) && seeds.get(1) !== saved.seed) return fail(`the seed ${saved.seed} is not the one the messages agreed (${seeds.get(1)})`);
  const log = p.state?.log ?? [];
  if (canonicalJson(log) !== canonicalJson(saved.actions)) {
    const i = log.findIndex((a, k) => canonicalJson(a) !== canonicalJson(saved.actions[k]));
    return fail(`the actions differ from the messages' ${i >= 0 ? `from action ${i}` : `(the messages give ${log.length} actions, the file ${saved.actions.length})`}`);
  }
  if (canonicalJson(p.dice) !== canonicalJson(d.dice)) return fail('the dice seeds differ from those the messages agreed');
  return { ok: true, commitments, messages: messages.length };
}

/**
 * What a check of an exported game proves, and what it cannot, in plain words (the CLI's `replay` and the app's
 * import say the same). `finished`: the replayed game reached its end.
 */
export function checkWords(check: Extract<DistanceCheck, { ok: true }>, finished: boolean): string[] {
  return [
    `Played at a distance: ${check.messages} messages. They are consistent, and every revealed commitment matches (${check.commitments} checked against their reveals).`,
    ...(finished ? [] : ['The game is unfinished: it replays as far as both players have revealed.']),
    'The check cannot show that two different people played: one person holding both copies could make a consistent game.',
  ];
}
