/**
 * No dead ends in the move phase (digest 7 charges, 6G, R-missile-lead; the reading where the digest is silent is in
 * the header of moveListing.ts): every unit that charged this turn must fight by the end of the movement, and every
 * melee led by a lone missile stand must be backed by then. Stated once here, over a small interface of questions
 * (FightGround) that both the game state's records (moveListing.ts stateFight) and the fast core's unit numbers
 * (src/engine/fightGround.ts) answer; the core keeps what it reads between questions (src/engine/chargers.ts), and the
 * fuzz suite holds the two listings equal at every move-phase position it meets.
 */

/** What the rules below ask of a position. `U` a unit, `Q` a square, `M` a melee. Always asked as methods of the ground. */
export interface FightGround<U, Q, M> {
  /** The attacker's units on the board, ballistas aside. */
  attackers(): Iterable<U>;
  /** Every melee of the turn. */
  melees(): readonly M[];
  fought(m: M): boolean;
  contactOf(m: M): Q;
  /** The attacker's troops in square q (ballistas aside). */
  ownIn(q: Q): Iterable<U>;
  /** Has melee m a declared supporter of the attacker? */
  backedBySupport(m: M): boolean;
  /** Is u a declared supporter of some melee? */
  declaredAny(u: U): boolean;
  squareOf(u: U): Q;
  /** A 1-stand javelin, longbow or crossbow unit (6J): it leads only with a commander or a supporter. */
  needsBacking(u: U): boolean;
  isCommander(u: U): boolean;
  /** Did u charge this turn? */
  chargedNow(u: U): boolean;
  /** May u still move this turn (not moved, not retiring, not marked as retreated)? */
  mayMove(u: U): boolean;
  /** Could u, standing on `at`, support melee m (9E, at any facing)? */
  supportsFrom(u: U, at: Q, m: M): boolean;
  /** The squares u's move reaches (a plain move, its ballista left); a ground may leave out those farther from q than any move. */
  reachNear(u: U, q: Q): Iterable<Q>;
  /** Does u's move reach square q? */
  reaches(u: U, q: Q): boolean;
  beside(a: Q, b: Q): boolean;
  enemyAt(q: Q): boolean;
  /** Would u (all its stands) fit the stacking limits on q? */
  fits(u: U, q: Q): boolean;
  /** The enemy squares next to q with no melee yet. */
  unattackedBeside(q: Q): Iterable<Q>;
  /** May u lead a melee at enemy square e on its own (6J, no supporter named)? */
  mayLead(u: U, e: Q): boolean;
  /** Could charger c, standing on `at`, support the melee unit y would lead at e (y standing there)? */
  supportsLed(c: U, at: Q, y: U, e: Q): boolean;
  /**
   * A speed hint a ground may give: supportsLed(c, at, y, e) depends on y only through this number (0 to 15), so it
   * is asked once for each. The fast core gives it (its cavalry and whether it leaves `at`); the fuzz holds it.
   */
  ledKind?(at: Q, y: U): number;
}

/** An enemy square a waiting charger could support a melee at, and the units that could lead there for it. */
export interface FightOption<U, Q> { at: Q; leaders: readonly U[] }

/** The ways to fight of a position, as lists: what must each get a unit of its own (served). */
export interface FightLists<U, Q> {
  /** By melee waiting for backing: the units that could back it. */
  backing: U[][];
  /** Each idle charger with no melee to support now: its options. */
  options: Array<Array<FightOption<U, Q>>>;
}

/** The attacker's units that charged this turn and fight in no melee yet: not in a contact square, no declared support. */
export function idleOn<U, Q, M>(g: FightGround<U, Q, M>): U[] {
  const out: U[] = [], melees = g.melees();
  next: for (const c of g.attackers()) {
    if (!g.chargedNow(c) || g.declaredAny(c)) continue;
    const at = g.squareOf(c);
    for (let i = 0; i < melees.length; i++) if (g.contactOf(melees[i]!) === at) continue next;
    out.push(c);
  }
  return out;
}

/** R-missile-lead: the melees not yet fought led by lone missile stands alone (no other troops, no commander) with no supporter yet. */
export function unbackedOn<U, Q, M>(g: FightGround<U, Q, M>): M[] {
  const out: M[] = [], melees = g.melees();
  next: for (let i = 0; i < melees.length; i++) {
    const m = melees[i]!;
    if (g.fought(m) || g.backedBySupport(m)) continue;
    let lone = false;
    for (const u of g.ownIn(g.contactOf(m))) { if (!g.needsBacking(u)) continue next; lone = true; }
    if (lone) out.push(m);
  }
  return out;
}

/**
 * R-missile-lead: the units that could back melee m this move, each on its own: one able to declare support now, a
 * commander able to join the stand, or one able to reach a square beside the melee and support from there. With
 * `first`, only the first one found.
 */
export function backersOn<U, Q, M>(g: FightGround<U, Q, M>, m: M, first = false): U[] {
  const c = g.contactOf(m), out: U[] = [];
  for (const y of g.attackers()) {
    const from = g.squareOf(y);
    if (from === c) continue;
    if (g.supportsFrom(y, from, m)) out.push(y);
    else if (g.mayMove(y)) {
      for (const q of g.reachNear(y, c)) {
        if (q === c ? g.isCommander(y) : g.beside(q, c) && !g.enemyAt(q) && g.fits(y, q) && g.supportsFrom(y, q, m)) { out.push(y); break; }
      }
    }
    if (first && out.length > 0) return out;
  }
  return out;
}

/** The attacker's units that could still lead a melee at enemy square e this move: free to move, reaching e, allowed to lead there alone. */
export function leadersOn<U, Q, M>(g: FightGround<U, Q, M>, e: Q): U[] {
  const out: U[] = [];
  // (Whether it may lead is asked before its search is read: the cheaper question first.)
  for (const y of g.attackers()) if (g.mayMove(y) && g.mayLead(y, e) && g.reaches(y, e)) out.push(y);
  return out;
}

/** How optionsOn is asked: the leaders of a square (leadersOn, or the same kept), only the first option, squares and leaders passed over. */
export interface OptionAsk<U, Q> {
  leaders?: (e: Q) => readonly U[];
  first?: boolean;
  skipSquare?: (e: Q) => boolean;
  skipLeader?: (y: U) => boolean;
}

/**
 * Charger c's options standing on `at`: each enemy square beside it with no melee yet, with the units other than c
 * that could lead there and whose melee c could then support (so knights need a cavalry leader).
 */
export function optionsOn<U, Q, M>(g: FightGround<U, Q, M>, c: U, at: Q, ask: OptionAsk<U, Q> = {}): Array<FightOption<U, Q>> {
  const out: Array<FightOption<U, Q>> = [];
  for (const e of g.unattackedBeside(at)) {
    if (ask.skipSquare?.(e)) continue;
    let leaders: U[] | null = null;
    // With the ground's hint, supportsLed once for each kind of leader: two bits a kind (asked, and the answer).
    let kinds = 0;
    for (const y of ask.leaders ? ask.leaders(e) : leadersOn(g, e)) {
      if (y === c || ask.skipLeader?.(y)) continue;
      if (g.ledKind) {
        const k = 2 * g.ledKind(at, y);
        if (!(kinds & (1 << k))) kinds |= (1 << k) | (g.supportsLed(c, at, y, e) ? 1 << (k + 1) : 0);
        if (!(kinds & (1 << (k + 1)))) continue;
      } else if (!g.supportsLed(c, at, y, e)) continue;
      (leaders ??= []).push(y);
      if (ask.first) break;
    }
    if (leaders) { out.push({ at: e, leaders }); if (ask.first) return out; }
  }
  return out;
}

/** Could unit c, standing on `at` (where it stands, unless said), support some melee already started? */
export function supportsAnyOn<U, Q, M>(g: FightGround<U, Q, M>, c: U, at: Q = g.squareOf(c)): boolean {
  const melees = g.melees();
  // (A supporter stands beside the contact square: the others are not asked.)
  for (let i = 0; i < melees.length; i++) if (g.beside(at, g.contactOf(melees[i]!)) && g.supportsFrom(c, at, melees[i]!)) return true;
  return false;
}

/**
 * 6G: would a charge by c ending on square q fight there: lead a melee (`enemyThere`: enemies on q when it arrives) or
 * support one already started?
 */
export function chargeFightsOn<U, Q, M>(g: FightGround<U, Q, M>, c: U, q: Q, enemyThere: boolean): boolean {
  return enemyThere || supportsAnyOn(g, c, q);
}

/**
 * The lists of a position: the backers of each melee waiting for backing, and the options of each idle charger that
 * has no melee to support now. `idle` and `unbacked`: the same already worked out; `ask`: how the options are asked.
 */
export function fightListsOn<U, Q, M>(g: FightGround<U, Q, M>, idle: readonly U[] = idleOn(g), unbacked: readonly M[] = unbackedOn(g), ask: OptionAsk<U, Q> = {}): FightLists<U, Q> {
  return {
    backing: unbacked.map((m) => backersOn(g, m)),
    options: idle.filter((c) => !supportsAnyOn(g, c)).map((c) => optionsOn(g, c, g.squareOf(c), ask)),
  };
}

/** Can every waiting charger and every melee waiting for backing get a unit of its own (the header of moveListing.ts: 7 charges)? */
export function served<U, Q>(l: FightLists<U, Q>): boolean {
  return l.options.length === 0 ? eachGetsOwn(l.backing) : pickSquares(l.options, l.backing);
}

/** No dead ends: can every idle charger still fight and every melee of a lone missile stand still be backed, no unit used twice? */
export function allFightOn<U, Q, M>(g: FightGround<U, Q, M>): boolean {
  return served(fightListsOn(g));
}

/**
 * Can every list get a member of its own, no member serving two lists? (A matching, found by augmenting paths.) A
 * unit backs one melee only, so melees waiting for backing must each have a backer of their own, or the move could
 * never end.
 */
export function eachGetsOwn<T>(lists: ReadonlyArray<readonly T[]>): boolean {
  const holder = new Map<T, number>();
  const claim = (i: number, seen: Set<T>): boolean => {
    for (const y of lists[i]!) {
      if (seen.has(y)) continue;
      seen.add(y);
      const j = holder.get(y);
      if (j === undefined || claim(j, seen)) { holder.set(y, i); return true; }
    }
    return false;
  };
  return lists.every((_, i) => claim(i, new Set()));
}

/**
 * 7 charges: may the chargers each take one of their options (an enemy square and the units that could lead there
 * for it), those taking the same square sharing one leader that suits them all, so that the squares taken and the
 * `backing` lists (R-missile-lead) each get a unit of their own? Tries every choice, charger after charger.
 */
export function pickSquares<K, T>(options: ReadonlyArray<ReadonlyArray<{ at: K; leaders: readonly T[] }>>, backing: ReadonlyArray<readonly T[]>, i = 0, taken = new Map<K, readonly T[]>()): boolean {
  if (i === options.length) return eachGetsOwn([...backing, ...taken.values()]);
  for (const { at, leaders } of options[i]!) {
    const had = taken.get(at);
    const now = had ? had.filter((y) => leaders.includes(y)) : leaders;
    if (now.length === 0) continue;
    taken.set(at, now);
    const ok = pickSquares(options, backing, i + 1, taken);
    if (had) taken.set(at, had); else taken.delete(at);
    if (ok) return true;
  }
  return false;
}
