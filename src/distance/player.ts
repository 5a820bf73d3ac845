/**
 * One player's copy of a game at a distance: inviting, joining, playing one's own actions, sending them, checking and
 * applying the other player's message, resending, and exporting the finished game. Pure (Web Crypto only): the app
 * keeps the copy in its library, the tests play both sides in one process.
 *
 * The protocol (architecture.md "Playing at a distance"): messages alternate. Each carries a commitment to a new dice
 * secret of its sender, reveals the secret its sender's previous message committed to, and shows a fresh random share.
 * The dice the last action of message n sets rolling come from message n-1's committed secret (the receiver's) and
 * message n's share, so the sender cannot foresee them and the receiver cannot choose them; the receiver rolls them
 * at once, the sender learns them from the reply. A secret choice made before the other side's (the first MDI pick,
 * the first side's hidden set-up) travels sealed, and is opened by its sender's next message.
 */
import type { Action } from '../rules/actions';
import { applyAction } from '../rules/game';
import { GAME_FORMAT_VERSION, type SavedGame } from '../rules/replay';
import type { Scenario } from '../rules/scenario';
import type { GameState } from '../rules/state';
import { validateScenario } from '../rules/validate';
import { escapeControl } from '../rules/safe-text';
import { secretPending } from '../rules/view';
import { messageProblem } from './check';
import { diceCommitment, diceSeed, messageHash, randomToken, sealOf } from './crypto';
import { MESSAGE_VERSION, readMessage, type Message } from './message';
import { isSecretAction, replayMessages, senderOf, standIns, type Progress } from './transcript';

/** A player's own copy (kept in the library): the messages so far, its own secrets and its actions not yet sent. */
export interface DistanceGame {
  format: 'nevsky-distance';
  version: 1;
  game: string;
  /** The side of this player. */
  me: string;
  /** Every message so far, both ways; the first holds the scenario. */
  messages: Message[];
  /** This player's dice secrets, by the message that committed to them. Never sent before their reveal. */
  secrets: Array<{ n: number; secret: string }>;
  /** This player's sealed actions and salts, by message. Never sent before their opening. */
  seals: Array<{ n: number; salt: string; actions: Action[] }>;
  /** Dice seeds this player knows, by message (worked out from the secrets as they come). */
  seeds: Array<{ n: number; seed: number }>;
  /** This player's actions since its last message. */
  draft: Action[];
}

/** What the player at this copy may do now. */
export interface Turn {
  /** The state to show and to choose from (with stand-ins for the other side's sealed choices, and the draft). */
  state: GameState | null;
  /** True while this player writes the next message (the last one came from the other side). */
  writing: boolean;
  /** True when this player may take another action (else: send). */
  canAct: boolean;
  /** The last drafted action rolls dice: its result comes with the reply. */
  diceWaiting: boolean;
  /**
   * This player has nothing to do but must still send (an empty message carrying its reveals): the other side is to
   * act, or the game is over and the other side has yet to see the dice its last message set rolling.
   */
  passNow: boolean;
  /** Where the known game stops, and any fault. */
  progress: Progress;
}

/** A message applied, or the one-line reason it was not (the copy is then unchanged). */
export type Received = { ok: true; game: DistanceGame; message: Message } | { ok: false; reason: string };

/**
 * A refusal. Its reason may quote the message (its sender's side, an action's unit, the rules' error about it), so
 * it is made safe here, once, with the escaping every file text gets: no caller has to remember it.
 */
function refused(reason: string): { ok: false; reason: string } {
  return { ok: false, reason: escapeControl(reason) };
}

function knowledge(g: DistanceGame, extra?: { seeds?: Map<number, number> }) {
  const seeds = new Map(g.seeds.map((x) => [x.n, x.seed] as const));
  for (const [n, s] of extra?.seeds ?? []) seeds.set(n, s);
  const sealed = new Map<number, Action[]>();
  for (const x of g.seals) sealed.set(x.n, x.actions);
  g.messages.forEach((m, n) => { if (m.unseal) sealed.set(n - 2, m.unseal.actions); });
  return { seeds, sealed };
}

/** The dice secret committed in message n, if this copy knows it (its own, or revealed two messages later). */
function secretOf(g: DistanceGame, n: number): string | undefined {
  return g.secrets.find((x) => x.n === n)?.secret ?? g.messages[n + 2]?.reveal;
}

/** Work out every seed that has become known (message n's: n-1's secret and n's share). */
async function learnSeeds(g: DistanceGame): Promise<DistanceGame> {
  const seeds = [...g.seeds];
  for (let n = 1; n < g.messages.length; n++) {
    if (seeds.some((x) => x.n === n)) continue;
    const secret = secretOf(g, n - 1), roll = g.messages[n]!.roll;
    if (secret !== undefined && roll !== undefined) seeds.push({ n, seed: await diceSeed(g.game, n, secret, roll) });
  }
  return { ...g, seeds };
}

/** The other side of the scenario. */
function otherSide(scenario: Scenario, side: string): string {
  return scenario.sides.find((s) => s.id !== side)!.id;
}

/** The known game of a copy (no draft). */
export function progressOf(g: DistanceGame): Progress {
  return replayMessages(g.messages, knowledge(g), g.me);
}

/** Where this player stands: the state to show, whether it writes and may act. */
export function turnOf(g: DistanceGame): Turn {
  const progress = progressOf(g);
  const writing = g.messages.length > 0 && senderOf(g.messages, g.messages.length - 1) !== g.me;
  let state = progress.state;
  const scratch = progress.frontier?.kind === 'hidden';
  if (state && scratch) state = standIns(state, otherSide(g.messages[0]!.scenario!, g.me));
  let diceWaiting = false, answered = false;
  for (const a of g.draft) {
    if (!state) break;
    const next = applyAction(state, a);
    if (next.rng.s !== state.rng.s) { diceWaiting = true; break; }
    state = next;
    if (scratch && !secretPending(state)) answered = true;
  }
  const blocked = !state || progress.fault !== null || (progress.frontier !== null && !scratch);
  const canAct = writing && !blocked && !diceWaiting && !answered && state!.phase !== 'over' && state!.toAct === g.me;
  const last = g.messages.length - 1;
  const theyRolled = progress.dice.length > 0 && g.seeds.some((x) => x.n === last && x.seed === progress.dice[progress.dice.length - 1]!.seed);
  const passNow = writing && !canAct && g.draft.length === 0 && !!state && progress.fault === null && (state.phase !== 'over' || theyRolled);
  return { state, writing, canAct, diceWaiting, passNow, progress };
}

/** Add one action of this player to its draft; throws the engine's rule error (or says why not) when it may not. */
export function act(g: DistanceGame, action: Action): DistanceGame {
  const t = turnOf(g);
  if (!t.canAct) throw new Error(t.writing ? 'Send your turn: you have nothing more to do before the other player answers.' : 'Wait for the other player\'s message.');
  applyAction(t.state!, action);
  return { ...g, draft: [...g.draft, JSON.parse(JSON.stringify(action)) as Action] };
}

/** Take the draft's last action back (before sending). */
export function undoDraft(g: DistanceGame): DistanceGame {
  return { ...g, draft: g.draft.slice(0, -1) };
}

async function compose(g: DistanceGame, body: Partial<Message>): Promise<{ game: DistanceGame; message: Message }> {
  const n = g.messages.length;
  const secret = randomToken();
  const message: Message = {
    format: 'nevsky-message', version: MESSAGE_VERSION, game: g.game, n, from: g.me,
    ...(n > 0 ? { prev: await messageHash(g.messages[n - 1]) } : {}),
    commit: await diceCommitment(g.game, n, secret),
    ...body,
  };
  const game = await learnSeeds({ ...g, messages: [...g.messages, message], secrets: [...g.secrets, { n, secret }] });
  return { game, message };
}

/** A new game at a distance: this player's copy and the invitation (message 0, with the scenario). */
export async function invite(scenario: Scenario, side: string, options: { turnLimit?: number | null } = {}): Promise<{ game: DistanceGame; message: Message }> {
  if (!scenario.sides.some((s) => s.id === side)) throw new Error(`The scenario has no side "${side}".`);
  const g: DistanceGame = { format: 'nevsky-distance', version: 1, game: randomToken(), me: side, messages: [], secrets: [], seals: [], seeds: [], draft: [] };
  return compose(g, { scenario, ...(options.turnLimit !== undefined ? { turnLimit: options.turnLimit } : {}) });
}

/** Join a game from its invitation: the joiner's copy and its first message (message 1), or why not. */
export async function join(input: unknown): Promise<{ ok: true; game: DistanceGame; message: Message } | { ok: false; reason: string }> {
  const read = readMessage(input);
  if (!read.ok) return refused(read.reason);
  const inv = read.message;
  if (inv.n !== 0 || !inv.scenario) return refused(`This is message ${inv.n} of a game, not an invitation: open it in the game it belongs to.`);
  const errors = validateScenario(inv.scenario).filter((d) => d.severity === 'error');
  if (errors.length > 0) return refused(`The invitation's scenario has set-up errors and cannot be played: ${errors[0]!.message}`);
  if (!inv.scenario.sides.some((s) => s.id === inv.from)) return refused(`The invitation comes from side "${inv.from}", which its scenario does not have.`);
  const g: DistanceGame = { format: 'nevsky-distance', version: 1, game: inv.game, me: otherSide(inv.scenario, inv.from), messages: [inv], secrets: [], seals: [], seeds: [], draft: [] };
  const out = await compose(g, { roll: randomToken() });
  return { ok: true, ...out };
}

/** Send this player's turn: the draft becomes the next message (open actions, then sealed secret ones). */
export async function send(g: DistanceGame): Promise<{ game: DistanceGame; message: Message }> {
  const t = turnOf(g);
  if (!t.writing) throw new Error('Your last message is still waiting for its answer: resend it if it was lost.');
  if (t.canAct) throw new Error('It is still your turn to act: finish it before sending.');
  // Which drafted actions are secret: those made while the other side's answer to them was still to come.
  let s = turnOf({ ...g, draft: [] }).state!;
  let firstSecret = g.draft.length;
  g.draft.forEach((a, i) => {
    if (firstSecret === g.draft.length && isSecretAction(s, a)) firstSecret = i;
    if (i < g.draft.length - 1) s = applyAction(s, a);
  });
  const open = g.draft.slice(0, firstSecret), secret = g.draft.slice(firstSecret);
  const n = g.messages.length;
  const mine = g.seals.find((x) => x.n === n - 2);
  const body: Partial<Message> = {
    ...(n >= 2 ? { reveal: secretOf(g, n - 2)! } : {}),
    roll: randomToken(),
    ...(mine ? { unseal: { salt: mine.salt, actions: mine.actions } } : {}),
    ...(open.length > 0 ? { actions: open } : {}),
  };
  let seals = g.seals;
  if (secret.length > 0) {
    const salt = randomToken();
    body.seal = await sealOf(g.game, n, salt, secret);
    seals = [...seals, { n, salt, actions: secret }];
  }
  return compose({ ...g, seals, draft: [] }, body);
}

/** The last message this player sent (to send again when it was lost), or null before any. */
export function lastSent(g: DistanceGame): Message | null {
  for (let n = g.messages.length - 1; n >= 0; n--) if (g.messages[n]!.from === g.me) return g.messages[n]!;
  return null;
}

/**
 * Check a message of the other player and apply it: right game, the next place in the exchange after the last
 * message (nothing missing, nothing replayed or changed), every reveal matching its commitment, every action legal.
 * A bad or stale message leaves the copy as it was and says why in one line.
 */
export async function receive(g: DistanceGame, input: unknown): Promise<Received> {
  const read = readMessage(input);
  if (!read.ok) return refused(read.reason);
  const m = read.message;
  if (m.game !== g.game) return refused('This message belongs to another game.');
  const expected = g.messages.length;
  if (m.n < expected) {
    const same = (await messageHash(g.messages[m.n])) === (await messageHash(m));
    return refused(same ? `Message ${m.n} was already applied: nothing changed.` : `This message ${m.n} differs from the message ${m.n} already received: it was changed or replaced, and is refused.`);
  }
  if (m.n > expected) return refused(`Message${m.n - expected > 1 ? `s ${expected} to ${m.n - 1} are` : ` ${expected} is`} missing: ask the other player to resend ${m.n - expected > 1 ? 'them' : 'it'} first.`);
  if (senderOf(g.messages, m.n) === g.me) return refused(`Message ${m.n} is this player's own to write, not one to receive.`);
  const problem = await messageProblem(g.messages, m);
  if (problem) return refused(`${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`);
  const next = await learnSeeds({ ...g, messages: [...g.messages, m] });
  const p = progressOf(next);
  if (p.fault) return refused(`Message ${m.n} cannot be played: ${p.fault}.`);
  return { ok: true, game: next, message: m };
}

/**
 * What anyone holding the messages alone knows: the dice seeds whose secrets the messages have revealed (message n's
 * seed needs message n-1's secret, revealed by message n+1) and the choices their seals' openings showed. Nothing of
 * this player's own unrevealed secrets.
 */
function revealedKnowledge(g: DistanceGame) {
  const seeds = new Map(g.seeds.filter((x) => g.messages[x.n + 1]).map((x) => [x.n, x.seed] as const));
  const sealed = new Map<number, Action[]>();
  g.messages.forEach((m, n) => { if (m.unseal) sealed.set(n - 2, m.unseal.actions); });
  return { seeds, sealed };
}

/** Is the game over as far as this copy knows it (no die left to roll, no choice left to make)? */
export function isFinished(g: DistanceGame): boolean {
  return progressOf(g).state?.phase === 'over';
}

/**
 * The game as an ordinary saved game plus its commitments, safe to hand to anyone, the other player included.
 *
 * While the game goes on it holds only what the messages themselves have revealed: the actions and dice as far as
 * they are open, and none of this player's dice secrets or sealed choices not yet revealed (the opponent who held
 * them could choose its next dice by trying shares until the seed suits it, or read a hidden set-up or an MDI pick).
 * Those stay in this player's own copy (the library), which is what resumes the game. Once the game is over no die is
 * left to roll and no choice to make, so the export also carries the closing reveals, and `nevsky replay` checks every
 * commitment.
 */
export function exportGame(g: DistanceGame): SavedGame {
  const finished = isFinished(g);
  const p = finished ? progressOf(g) : replayMessages(g.messages, revealedKnowledge(g));
  const first = g.messages[0]!;
  const secrets = finished ? g.secrets.filter((x) => !g.messages[x.n + 2]) : [];
  const seals = finished ? g.seals.filter((x) => !g.messages[x.n + 2]) : [];
  const start = (finished ? g.seeds : g.seeds.filter((x) => g.messages[x.n + 1])).find((x) => x.n === 1)?.seed;
  const { scenario, ...invitation } = first;
  return {
    format: 'nevsky-game', version: GAME_FORMAT_VERSION, scenario: scenario!, seed: start ?? 0,
    ...(first.turnLimit !== undefined ? { turnLimit: first.turnLimit } : {}),
    actions: p.state ? p.state.log : [],
    distance: {
      game: g.game, side: g.me, dice: p.dice, messages: [invitation as Message, ...g.messages.slice(1)],
      ...(secrets.length + seals.length > 0 ? { closing: { ...(secrets.length ? { secrets } : {}), ...(seals.length ? { seals } : {}) } } : {}),
    },
  };
}
