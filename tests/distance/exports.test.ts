/**
 * Issue 46, play at a distance: no file a player exports mid-game lets the other side foresee a die or read a sealed
 * choice; a check says what it proves and what it cannot; text a message carries is escaped wherever it is quoted.
 * Each attack below succeeded against the export of the time (it carried `distance.closing`: the exporter's
 * unrevealed dice secrets and sealed choices).
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { createRng, replayGame, type SavedGame } from '../../src/rules';
import { checkDistanceGame, exportGame, invite, join, receive, send, turnOf, type DistanceGame, type Message } from '../../src/distance';
import { diceSeed } from '../../src/distance/crypto';
import { main } from '../../src/cli/main';
import { playTurn, playWhole, seededRandomValues, template } from './players';

beforeEach(() => seededRandomValues(46));
afterEach(() => { vi.restoreAllMocks(); });

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** Play messages back and forth until `stop(victim)` holds after the victim has sent: the victim's and attacker's copies. */
async function midGame(scenario: string, victimSide: string, stop: (victim: DistanceGame, sent: Message) => boolean) {
  const inv = await invite(template(scenario), victimSide);
  const j = await join(copy(inv.message));
  if (!j.ok) throw new Error(j.reason);
  let victim = inv.game, attacker = j.game, last = j.message, seed = 1;
  for (let i = 0; i < 400; i++) {
    const r = await receive(victim, copy(last));
    if (!r.ok) throw new Error(r.reason);
    const out = await send(playTurn(r.game, createRng(seed++)));
    victim = out.game;
    const back = await receive(attacker, copy(out.message));
    if (!back.ok) throw new Error(back.reason);
    attacker = back.game;
    if (stop(victim, out.message)) return { victim, attacker, sent: out.message };
    const reply = await send(playTurn(attacker, createRng(seed++)));
    attacker = reply.game;
    last = reply.message;
  }
  throw new Error('the game never reached the position wanted');
}

/**
 * The grinding attack: the opponent, holding the victim's export, looks in it for the dice secret the victim's last
 * message committed to; with it, it tries up to 500 shares for its own next message until the seed suits it (here: a
 * seed whose first die would be a 6 on a d6, one chance in six a try). Returns the chosen share, or null.
 */
async function grind(exported: SavedGame, n: number): Promise<string | null> {
  const text = JSON.stringify(exported);
  const candidates = [...new Set(text.match(/[A-Za-z0-9_-]{22}/g) ?? [])];
  const secret = exported.distance?.closing?.secrets?.find((x) => x.n === n - 1)?.secret;
  // Whatever 22-character token the file holds is tried as the secret too: the attack does not rely on one field.
  for (const guess of secret ? [secret] : candidates) {
    const committed = exported.distance!.messages[n - 1]!.commit;
    const { diceCommitment } = await import('../../src/distance/crypto');
    if ((await diceCommitment(exported.distance!.game, n - 1, guess)) !== committed) continue;
    for (let i = 0; i < 500; i++) {
      const share = `grind${String(i).padStart(17, '0')}`;
      if ((await diceSeed(exported.distance!.game, n, guess, share)) % 6 === 5) return share;
    }
  }
  return null;
}

describe('issue 46: an export mid-game hands the opponent nothing it could use', () => {
  test('the grinding attack: no share can be chosen, because no unrevealed secret of the exporter is in the file', async () => {
    const { victim, sent } = await midGame('open-field', 'teutonic', (_v, m) => m.n >= 6);
    const exported = exportGame(victim);
    // The victim's secret committed in its last message is what the opponent's next message's dice will use.
    const unrevealed = victim.secrets.filter((x) => !victim.messages[x.n + 2]);
    expect(unrevealed.map((x) => x.n)).toContain(sent.n);
    const text = JSON.stringify(exported);
    for (const x of unrevealed) expect(text).not.toContain(x.secret);
    expect(exported.distance!.closing).toBeUndefined();
    expect(await grind(exported, sent.n + 1)).toBeNull();
  }, 120_000);

  test('a sealed hidden set-up cannot be read from the export of the player who sealed it', async () => {
    // On the empty board the inviter deploys first, so its placements go out sealed in its first turn.
    const { victim, sent } = await midGame('empty-board', 'teutonic', (_v, m) => m.seal !== undefined);
    const sealed = victim.seals.find((x) => x.n === sent.n)!;
    expect(sealed.actions.length).toBeGreaterThan(3);
    const exported = exportGame(victim);
    const text = JSON.stringify(exported);
    expect(text).not.toContain(sealed.salt);
    expect(exported.distance!.closing).toBeUndefined();
    // None of the sealed placements is among the export's actions either.
    const placed = new Set(exported.actions.map((a) => JSON.stringify(a)));
    for (const a of sealed.actions) expect(placed.has(JSON.stringify(a))).toBe(false);
  }, 120_000);

  test('an unfinished export still checks and replays as far as both players have revealed', async () => {
    const { victim } = await midGame('open-field', 'russian', (_v, m) => m.n >= 8);
    const exported = exportGame(victim);
    const check = await checkDistanceGame(exported);
    expect(check).toMatchObject({ ok: true });
    const end = replayGame(exported);
    expect(end.log.length).toBe(exported.actions.length);
    expect(exported.actions.length).toBeGreaterThan(0);
    // The copy itself knows more than the export (its own draws), and still carries the game on.
    expect(turnOf(victim).progress.state!.log.length).toBeGreaterThanOrEqual(exported.actions.length);
    const dir = mkdtempSync(joinPath(tmpdir(), 'nevsky-46-'));
    const file = joinPath(dir, 'game.json');
    writeFileSync(file, JSON.stringify(exported));
    const out: string[] = [], err: string[] = [];
    expect(await main(['replay', file], { out: (t) => out.push(t), err: (t) => err.push(t) })).toBe(0);
    const said = out.join('\n');
    expect(said).toContain('They are consistent, and every revealed commitment matches');
    expect(said).toContain('The game is unfinished: it replays as far as both players have revealed.');
    expect(said).toContain('cannot show that two different people played');
  }, 120_000);

  test('a finished game exports its closing reveals, and replay says what the check proves and what it cannot', async () => {
    const ex = await playWhole(template('empty-board'), 'russian', 46, { turnLimit: 2 });
    const player = Object.values(ex.players)[0]!;
    expect(turnOf(player).progress.state?.phase).toBe('over');
    const exported = exportGame(player);
    expect(exported.distance!.closing).toBeDefined();
    expect(await checkDistanceGame(exported)).toMatchObject({ ok: true });
    const dir = mkdtempSync(joinPath(tmpdir(), 'nevsky-46-'));
    const file = joinPath(dir, 'game.json');
    writeFileSync(file, JSON.stringify(exported));
    const out: string[] = [];
    expect(await main(['replay', file], { out: (t) => out.push(t), err: () => {} })).toBe(0);
    expect(out.join('\n')).toMatch(/Played at a distance: \d+ messages\. They are consistent, and every revealed commitment matches \(\d+ checked against their reveals\)\./);
    expect(out.join('\n')).not.toContain('unfinished');
    expect(out.join('\n')).toContain('one person holding both copies could make a consistent game');
  }, 120_000);
});

describe('issue 46: text a message carries is escaped wherever a reason quotes it', () => {
  const hostile = 'evil\u202e\u0007\u001b[2J';
  // eslint-disable-next-line no-control-regex
  const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

  test('a message whose sender is a side name with RLO, BEL and ESC: the refusal quotes it escaped', async () => {
    const inv = await invite(template('open-field'), 'teutonic');
    const j = await join(copy(inv.message));
    if (!j.ok) throw new Error(j.reason);
    const forged = { ...copy(j.message), from: hostile };
    const r = await receive(inv.game, forged);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toContain('evil\\u202e\\u0007\\u001b[2J');
    expect(r.reason).not.toMatch(raw);
  });

  test('an invitation from such a side: the join refuses it with the name escaped', async () => {
    const inv = await invite(template('open-field'), 'teutonic');
    const r = await join({ ...copy(inv.message), from: hostile });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toContain('\\u202e');
    expect(r.reason).not.toMatch(raw);
  });

  test('an action of such a side in a message: the fault is escaped', async () => {
    const { victim, attacker } = await midGame('open-field', 'russian', (_v, m) => m.n >= 4);
    const reply = await send(playTurn(attacker, createRng(9)));
    const bad = copy(reply.message);
    bad.actions = [{ type: 'endTurn', side: hostile }];
    const r = await receive(victim, bad);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toContain('\\u202e');
    expect(r.reason).not.toMatch(raw);
  }, 120_000);
});
