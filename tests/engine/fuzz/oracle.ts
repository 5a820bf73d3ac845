/**
 * The readable rule modules as the oracle of the fast core (architecture "One rule, one module"; issue 26 item 3):
 * at a position of a fuzz game, what the core lists and computes is held to src/rules/movement.ts, losses.ts,
 * meleeValue.ts, missileFire.ts, lineOfFire.ts, ballistaFire.ts and points.ts, and the listing with every cache switched off must be the listing with them on.
 */
import { actionKey, applyAction, legalActions, scoreParts, withScriptedDice, type Action, type GameEvent, type GameState } from '../../../src/rules';
import { positionOf } from '../../../src/rules/game';
import { meleeBreakdown, withCaches, NO_CACHES } from '../../../src/engine';
import { moveListing } from '../../../src/rules/moveListing';
import { lossChoices } from '../../../src/rules/losses';
import { meleeValuesAt } from '../../../src/rules/meleeValue';
import { fireChoices, missileDice, shotLosses } from '../../../src/rules/missileFire';
import { retreatEnds } from '../../../src/rules/retreat';
import { ballistaAims, ballistaHitChoices, mayFireBallista, onTargetFaces, shotHits, shotLanding, wrecks } from '../../../src/rules/ballistaFire';

const keys = (list: readonly Action[]) => list.map(actionKey).sort();

function sameKeys(what: string, got: readonly Action[], want: readonly Action[]): string | null {
  const g = keys(got), w = keys(want);
  if (g.join('\n') === w.join('\n')) return null;
  return `${what}: the core lists ${g.filter((k) => !w.includes(k)).join(' / ') || 'nothing more'} beyond the readable rules, and misses ${w.filter((k) => !g.includes(k)).join(' / ') || 'nothing'}`;
}

/**
 * Checks before action `a` is applied to `s` (listed as `legal`), and of the state `next` it leads to. `deep`: also
 * the whole move-phase listing against movement.ts and the listing with caches off (slower; at a stride).
 */
export function oracleFault(s: GameState, legal: readonly Action[], a: Action, next: GameState, deep: boolean): string | null {
  if (deep && legal.length > 0) {
    if (s.phase === 'move') {
      const fault = sameKeys('7 movement', legal, moveListing(s));
      if (fault) return fault;
    }
    const bare = withCaches(NO_CACHES, () => legalActions({ ...s }));
    if (bare.length !== legal.length || bare.some((x, k) => actionKey(x) !== actionKey(legal[k]!))) return 'with every cache off the listing differs';
  }
  const r = s.resolution;
  if (r?.stage === 'allocate' && s.toAct && s.current !== null) {
    const want = lossChoices(s, s.melees[s.current]!, s.toAct, r.loss[s.toAct]!).map((c): Action => (c.half ? { type: 'allocate', side: s.toAct!, unit: c.unit, half: true } : { type: 'allocate', side: s.toAct!, unit: c.unit }));
    const fault = sameKeys('10 losses', legal.filter((x) => x.type === 'allocate'), want);
    if (fault) return fault;
  }
  const retreats = legal.filter((x) => x.type === 'retreat');
  if (r?.stage === 'retreat' && retreats.length > 0) {
    const u = s.units.find((x) => x.id === r.retreat[0])!;
    const want = retreatEnds(s, u).map((to): Action => ({ type: 'retreat', side: u.side, unit: u.id, to }));
    const fault = sameKeys(`10 retreat of ${u.id} from ${u.at}`, retreats, want);
    if (fault) return fault;
  }
  if (s.phase === 'melee' && s.current !== null && !r && a.type === 'mdi' && next.resolution) {
    // The last MDI pick: the melee is fought now, with the core's values; the readable rule must give the same.
    const p = positionOf(s);
    const core = meleeBreakdown(p, p.melees[p.current]!);
    const readable = meleeValuesAt(s, s.melees[s.current]!.contact);
    if (JSON.stringify(core) !== JSON.stringify(readable)) return `10 melee value at ${s.melees[s.current]!.contact}: core ${JSON.stringify(core)} against readable ${JSON.stringify(readable)}`;
  }
  const fault = ballistaFault(s, legal, a, next) ?? missileTargetFault(s, legal);
  if (fault) return fault;
  const shotFault = missileShotFault(s, a, next);
  if (shotFault) return shotFault;
  if (next.phase === 'over' && next.result) {
    for (const x of scoreParts(next)) if (Math.abs(x.total - next.result.points[x.side]!) > 1e-9) return `11 points of ${x.side}: ${next.result.points[x.side]} against ${x.total}`;
  }
  return null;
}

/**
 * A shot (9, R-fire-order, R-two-types) against missileFire.ts: it rolled the dice the rule gives at once, and what its
 * dice destroy in the square is what the rule reads from them (lost at once when one unit, else chosen, the default first).
 */
function missileShotFault(s: GameState, a: Action, next: GameState): string | null {
  if (a.type === 'fireLoss') {
    const waiting = s.fires.find((f) => f.losses)!.losses!;
    const e = next.events.find((x) => x.kind === 'loss');
    const want = waiting.find((l) => l.unit === a.unit)!;
    return e?.kind === 'loss' && e.unit === a.unit && e.stands === want.stands ? null : `9 R-two-types: ${a.unit} should lose ${want.stands}, the core's loss is ${JSON.stringify(e)}`;
  }
  if (a.type !== 'fire') return null;
  const e = next.events.find((x) => x.kind === 'fire');
  if (e?.kind !== 'fire') return `9 R-fire-order: the shot of ${a.unit} was not rolled at once`;
  const want = missileDice(s, a.unit, a.target);
  if (!want || want.dice !== e.dice.length || want.converging !== e.converging) return `9 missile dice of ${e.unit}: rolled ${e.dice.length}${e.converging ? ' (converging)' : ''}, the rule gives ${want?.dice}`;
  const losses = shotLosses(s, a.unit, e.targetAt, e.dice);
  const lost = next.events.flatMap((x) => (x.kind === 'loss' ? [{ unit: x.unit, stands: x.stands }] : []));
  const waiting = next.fires.find((f) => f.unit === a.unit)?.losses ?? [];
  const got = losses.length > 1 ? waiting : lost;
  if (JSON.stringify(got) !== JSON.stringify(losses)) return `9 R-two-types: the shot of ${a.unit} at ${e.targetAt} with ${e.dice.join(',')} gives ${JSON.stringify(losses)}, the core ${JSON.stringify(got)}`;
  return null;
}

/** Missile targets (5 line of fire, 9, R-fire-order): each shooter the core lists may shoot at exactly what missileFire.ts allows now. */
function missileTargetFault(s: GameState, legal: readonly Action[]): string | null {
  const fires = legal.filter((x): x is Extract<Action, { type: 'fire' }> => x.type === 'fire');
  for (const id of new Set(fires.map((x) => x.unit))) {
    const shooter = s.units.find((u) => u.id === id)!;
    const want = fireChoices(s, shooter).map((t): Action => ({ type: 'fire', side: shooter.side, unit: id, target: t.id }));
    const fault = sameKeys(`5/9 missile targets of ${id} at ${shooter.at} facing ${shooter.facing}`, fires.filter((x) => x.unit === id), want);
    if (fault) return fault;
  }
  return null;
}

/**
 * Ballista fire (8) against ballistaFire.ts: the aims and hit choices listed before `a`, and every shot `a` resolved:
 * where it landed for the dice rolled, whether outside the cone, and what it hit (or spared) there.
 */
function ballistaFault(s: GameState, legal: readonly Action[], a: Action, next: GameState): string | null {
  if (s.phase === 'ballista' && s.toAct) {
    const waiting = ballistaHitChoices(s);
    const want = waiting.length > 0 ? waiting.map((unit): Action => ({ type: 'ballistaLoss', side: s.toAct!, unit }))
      : s.units.filter((b) => b.type === 'ballista' && b.controller === s.toAct && !s.decided.includes(b.id) && mayFireBallista(s, b))
        .flatMap((b) => ballistaAims(s, b).map((target): Action => ({ type: 'ballistaFire', side: s.toAct!, unit: b.id, target })));
    const listed = legal.filter((x) => x.type === (waiting.length > 0 ? 'ballistaLoss' : 'ballistaFire'));
    const fault = sameKeys(waiting.length > 0 ? '8 ballista hit choices' : '8 ballista aims', listed, want);
    if (fault) return fault;
    if (waiting.length > 0 && actionKey(legal[0]!) !== actionKey(want[0]!)) return `8 ballista hit choices: the default is ${actionKey(legal[0]!)}, the rule's first is ${actionKey(want[0]!)}`;
  }
  // All shots are rolled on the state as declared (losses wait until every ballista has fired).
  const declared = a.type === 'ballistaFire' ? { ...s, shots: [...s.shots, { unit: a.unit, target: a.target }] } : s;
  const fault = shotFault(declared, next.events);
  if (fault) return fault;
  // The dice rolled show one way each shot came down; the other eight are played too (on target, a stray each way),
  // so that rare landings (outside the cone, on a ballista) meet the rule in every game that fires.
  const shots = next.events.filter((e) => e.kind === 'ballista');
  for (let k = 0; k < shots.length; k++) {
    const before = shots.slice(0, k).flatMap((e) => e.dice);
    for (const dice of [[1], ...[1, 2, 3, 4, 5, 6, 7, 8].map((d) => [6, d])]) {
      const variant = applyAction(withScriptedDice(s, [...before, ...dice]), a);
      const wrong = shotFault(declared, variant.events);
      if (wrong) return `${wrong} (played again with the dice ${[...before, ...dice].join(',')} first)`;
    }
  }
  return null;
}

/** Each ballista shot among `events` against the rule: where the dice land it, whether outside the cone, what it hits there. */
function shotFault(declared: GameState, events: readonly GameEvent[]): string | null {
  for (const e of events) {
    if (e.kind === 'ballista-hit' && wrecks(e.dice[0]) !== e.wrecked) return `8 ballista hit on ${e.unit}: rolled ${e.dice[0]}, wrecked ${e.wrecked}`;
    if (e.kind !== 'ballista') continue;
    const b = declared.units.find((u) => u.id === e.unit)!;
    const strays = e.dice[0]! > onTargetFaces(declared, e.aim);
    if (strays !== (e.stray !== undefined)) return `8 ballista shot of ${e.unit} at ${e.aim}: a d6 of ${e.dice[0]} ${strays ? 'strays' : 'lands on target'} by the rule, the core ${e.stray ? 'strayed it' : 'kept it on target'}`;
    const landing = shotLanding(declared, b, e.aim, e.dice[0]!, e.dice[1]);
    const hits = shotHits(declared, b, landing);
    const got = { lands: e.lands, outsideCone: e.outsideCone, kind: e.hit, engine: e.engine ?? null, spared: e.spared };
    const want = { lands: landing.lands, outsideCone: landing.outsideCone, kind: hits.kind, engine: hits.engine, spared: hits.spared };
    if (JSON.stringify(got) !== JSON.stringify(want)) return `8 ballista shot of ${e.unit} at ${e.aim} (dice ${e.dice.join(',')}): core ${JSON.stringify(got)} against readable ${JSON.stringify(want)}`;
  }
  return null;
}
