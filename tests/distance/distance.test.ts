/**
 * Issue 30, play at a distance: two simulated players, each with its own copy, exchange every message of whole games;
 * cheating (a changed message, an old one sent again, a changed secret, a re-roll by reloading) is caught and changes
 * nothing; the exported game replays and checks.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { createRng, readGame, replayGame, stateHash, viewFor, type Action } from '../../src/rules';
import { act, checkDistanceGame, exportGame, invite, join, lastSent, receive, send, turnOf, type DistanceGame, type Message } from '../../src/distance';
import { decodeMessage, encodeMessage } from '../../src/scenario';
import { main } from '../../src/cli/main';
import { playTurn, playWhole, seededRandomValues, template } from './players';

beforeEach(() => seededRandomValues(30));
afterEach(() => { vi.restoreAllMocks(); });

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

async function runCli(args: string[]) {
  const out: string[] = [], err: string[] = [];
  const code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A game started by link: the inviter's copy, the joiner's copy (after the start is known to both), next writer. */
async function started(name: string, side: string) {
  const inv = await invite(template(name), side);
  const j = await join(copy(inv.message));
  if (!j.ok) throw new Error(j.reason);
  const r = await receive(inv.game, copy(j.message));
  if (!r.ok) throw new Error(r.reason);
  return { a: r.game, b: j.game };
}

/** The writer plays its turn and sends; the other receives it. */
async function exchange(writer: DistanceGame, reader: DistanceGame, seed: number) {
  const out = await send(playTurn(writer, createRng(seed)));
  const r = await receive(reader, copy(out.message));
  if (!r.ok) throw new Error(r.reason);
  return { writer: out.game, reader: r.game, message: out.message };
}

describe('whole games by messages', () => {
  test.each([
    ['empty-board', 'teutonic', 11],
    ['open-field', 'russian', 12],
    ['river-crossing', 'teutonic', 13],
  ])('%s (inviter %s, seed %s): both copies end alike, the export replays and every commitment checks', async (name, side, seed) => {
    const ex = await playWhole(template(name), side, seed);
    const [p, q] = Object.values(ex.players);
    const tp = turnOf(p!), tq = turnOf(q!);
    expect(tp.state!.phase).toBe('over');
    expect(stateHash(tq.state!)).toBe(stateHash(tp.state!));
    // Dice were agreed along the way, each one from a fresh seed.
    const dice = tp.progress.dice;
    expect(dice.length).toBeGreaterThan(0);
    expect(new Set(dice.map((d) => d.seed)).size).toBe(dice.length);
    for (const player of [p!, q!]) {
      const saved = exportGame(player);
      const read = readGame(JSON.parse(JSON.stringify(saved)));
      expect(read.ok).toBe(true);
      expect(stateHash(replayGame(saved))).toBe(stateHash(tp.state!));
      const check = await checkDistanceGame(saved);
      expect(check).toMatchObject({ ok: true, messages: ex.messages.length });
      if (check.ok) expect(check.commitments).toBeGreaterThanOrEqual(ex.messages.length - 3);
    }
    // Messages per game turn and link sizes (reported by issue 30).
    const turns = tp.state!.turn;
    const links = await Promise.all(ex.messages.slice(1).map((m) => encodeMessage(m)));
    const sizes = links.map((l) => l.length).sort((x, y) => x - y);
    console.log(`${name}: ${ex.messages.length} messages, ${turns} turns, ${((ex.messages.length - 3) / turns).toFixed(1)} per turn; link median ${sizes[sizes.length >> 1]} B, max ${sizes[sizes.length - 1]} B, invitation ${(await encodeMessage(ex.messages[0])).length} B`);
    expect(sizes[sizes.length >> 1]).toBeLessThan(2048);
    // Every link decodes back to its message.
    expect(await decodeMessage(`https://x.example/#${links[5]!}`)).toEqual({ ok: true, message: ex.messages[6] });
  }, 180_000);
});

describe('secrets and dice neither side controls', () => {
  test('hidden set-up travels sealed: the other copy never holds the placements before they are opened', async () => {
    // The inviter is the first side to deploy: its placements go out sealed.
    const { a, b } = await started('empty-board', 'teutonic');
    const first = await send(playTurn(a, createRng(1)));
    expect(first.message.seal).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.message.actions ?? []).toEqual([]);
    const sealed = first.game.seals.at(-1)!;
    expect(sealed.actions.length).toBeGreaterThan(5);
    const r = await receive(b, copy(first.message));
    if (!r.ok) throw new Error(r.reason);
    const text = JSON.stringify(r.game);
    expect(text).not.toContain(sealed.salt);
    for (const d of sealed.actions as Array<Action & { at: string }>) expect(text).not.toContain(JSON.stringify(d));
    // What the joiner sees: the other side's units still unplaced.
    const view = viewFor(turnOf(r.game).state!, r.game.me);
    expect(view.units.filter((u) => u.side === 'teutonic' && u.at !== null)).toEqual([]);
    // The joiner deploys and sends; the inviter opens its placements in its next message and both agree.
    const second = await exchange(r.game, first.game, 2);
    const third = await send(playTurn(second.reader, createRng(3)));
    expect(third.message.unseal).toEqual({ salt: sealed.salt, actions: sealed.actions });
    const back = await receive(second.writer, copy(third.message));
    if (!back.ok) throw new Error(back.reason);
    expect(turnOf(back.game).progress.state!.log.slice(0, sealed.actions.length)).toEqual(sealed.actions);
  });

  test('an MDI pick is sealed until the other side has picked, then opened; a changed pick is refused', async () => {
    // The first of a few seeded games whose random play reaches a melee, so an MDI pick is sealed.
    let ex: Awaited<ReturnType<typeof playWhole>> | undefined, at = -1;
    for (let seed = 13; seed < 25 && at < 0; seed++) {
      ex = await playWhole(template('open-field'), 'teutonic', seed);
      at = ex.messages.findIndex((m) => m.seal && (ex!.messages[m.n + 2]?.unseal?.actions ?? []).some((a) => a.type === 'mdi'));
    }
    expect(at).toBeGreaterThan(0);
    ex = ex!;
    const sealing = ex.messages[at]!;
    expect((sealing.actions ?? []).some((a) => a.type === 'mdi')).toBe(false);
    // The answer (message at+1) picks in the open; the opening (at+2) carries the sealed pick.
    expect((ex.messages[at + 1]!.actions ?? []).some((a) => a.type === 'mdi')).toBe(true);
    const opening = ex.messages[at + 2]!;
    const pick = opening.unseal!.actions.find((a) => a.type === 'mdi') as Action & { mdi: string };
    const other = pick.mdi === 'line' ? 'column' : 'line';
    // Replay the exchange into a fresh copy of the reader up to the opening, then offer it a changed pick.
    const reader = await readerBefore(ex, at + 2);
    const changed = copy(opening);
    changed.unseal!.actions = changed.unseal!.actions.map((a) => (a.type === 'mdi' ? { ...a, mdi: other } as Action : a));
    const r = await receive(reader, changed);
    expect(r).toEqual({ ok: false, reason: `Message ${at + 2} does not open the secret choice message ${at} sealed, or opens it with other choices.` });
    expect((await receive(reader, copy(opening))).ok).toBe(true);
  }, 120_000);

  test('a changed dice secret is refused, and the copy is unchanged', async () => {
    const { a, b } = await started('open-field', 'teutonic');
    const one = await exchange(a, b, 4);
    const two = await send(playTurn(one.reader, createRng(5)));
    const before = JSON.stringify(one.writer);
    const bad = copy(two.message);
    bad.reveal = bad.reveal!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    const r = await receive(one.writer, bad);
    expect(r).toEqual({ ok: false, reason: `Message ${bad.n} does not reveal the dice secret message ${bad.n - 2} committed to: the secret was changed.` });
    expect(JSON.stringify(one.writer)).toBe(before);
    expect((await receive(one.writer, copy(two.message))).ok).toBe(true);
  });

  test('re-rolling by reloading: a copy restored from before sending makes a different message, which is refused', async () => {
    const { a, b } = await started('open-field', 'teutonic');
    // Find a message whose last action rolls dice (the receiver rolls them).
    let writer = a, reader = b, seed = 20;
    for (;;) {
      const played = playTurn(writer, createRng(seed++));
      const sent = await send(played);
      const r = await receive(reader, copy(sent.message));
      if (!r.ok) throw new Error(r.reason);
      // Dice rolled from this message's seed: its last action set them rolling.
      const agreed = r.game.seeds.find((x) => x.n === sent.message.n)?.seed;
      const rolled = turnOf(r.game).progress.dice.some((d) => d.seed === agreed);
      if (rolled) {
        // The sender cannot know these dice: its copy stops before the roll, with no seed for its message, until the reply.
        expect(turnOf(sent.game).progress.frontier).toEqual({ kind: 'dice', n: sent.message.n });
        expect(sent.game.seeds.some((x) => x.n === sent.message.n)).toBe(false);
        expect(turnOf(sent.game).writing).toBe(false);
        // The sender "reloads" its copy from before sending and sends again: new share, so other dice.
        const again = await send(played);
        expect(again.message.roll).not.toBe(sent.message.roll);
        const retry = await receive(r.game, copy(again.message));
        expect(retry).toEqual({ ok: false, reason: `This message ${sent.message.n} differs from the message ${sent.message.n} already received: it was changed or replaced, and is refused.` });
        // The same message opened again (another tab, a reload of the receiver) rolls the very same dice.
        const twice = await receive(reader, copy(sent.message));
        if (!twice.ok) throw new Error(twice.reason);
        expect(stateHash(turnOf(twice.game).state!)).toBe(stateHash(turnOf(r.game).state!));
        // And the receiver cannot re-roll by changing the sender's share before applying it: its reply no longer follows.
        const forged = copy(sent.message);
        forged.roll = 'AAAAAAAAAAAAAAAAAAAAAA';
        const mine = await receive(reader, forged);
        if (!mine.ok) throw new Error(mine.reason);
        const reply = await send(playTurn(mine.game, createRng(1)));
        expect(await receive(sent.game, copy(reply.message))).toEqual({ ok: false, reason: `Message ${reply.message.n} does not follow message ${reply.message.n - 1} of this game (one of them was changed, or it was made from another copy).` });
        return;
      }
      const out = await send(playTurn(r.game, createRng(seed++)));
      const back = await receive(sent.game, copy(out.message));
      if (!back.ok) throw new Error(back.reason);
      writer = back.game; reader = out.game;
    }
  });

  test('old, missing, foreign and illegal messages are refused with a reason and change nothing', async () => {
    const { a, b } = await started('open-field', 'russian');
    const one = await exchange(a, b, 6);
    const two = await send(playTurn(one.reader, createRng(7)));
    const frozen = JSON.stringify(one.writer);
    expect(await receive(one.writer, copy(one.message))).toEqual({ ok: false, reason: `Message ${one.message.n} was already applied: nothing changed.` });
    const skipped = { ...copy(two.message), n: two.message.n + 1 };
    expect(await receive(one.writer, skipped)).toEqual({ ok: false, reason: `Message ${two.message.n} is missing: ask the other player to resend it first.` });
    expect(await receive(one.writer, { ...copy(two.message), game: 'AAAAAAAAAAAAAAAAAAAAAA' })).toEqual({ ok: false, reason: 'This message belongs to another game.' });
    // A peer on the older rules (message format 1, before R-run-over) is refused by its version, not by a rule.
    expect(await receive(one.writer, { ...copy(two.message), version: 1 } as never)).toEqual({ ok: false, reason: expect.stringMatching(/^This game message comes from an older version of the program, playing older rules: it is message format version 1, and this program reads version 2/) as unknown as string });
    // An action the rules do not allow (a unit of the sender moved far off its reach).
    const illegal = copy(two.message);
    illegal.actions = [...(illegal.actions ?? []).slice(0, -1), { type: 'concede', side: 'nobody' } as Action];
    const r = await receive(one.writer, illegal);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/^Message \d+ cannot be played: message \d+, action \d+: an action of nobody/);
    expect(JSON.stringify(one.writer)).toBe(frozen);
    // Resending the last message works: the same message again.
    expect(lastSent(two.game)).toEqual(two.message);
    expect((await receive(one.writer, copy(lastSent(two.game)!))).ok).toBe(true);
  });

  test('a player may not act out of turn, nor send while it still has to act', async () => {
    const { a, b } = await started('open-field', 'teutonic');
    const writer = turnOf(a).writing ? a : b;
    const waiting = writer === a ? b : a;
    expect(turnOf(waiting).canAct).toBe(false);
    if (turnOf(writer).canAct) await expect(send(writer)).rejects.toThrow('It is still your turn to act');
    await expect(send(waiting)).rejects.toThrow('Your last message is still waiting for its answer');
    const t = turnOf(writer);
    if (t.canAct) expect(() => act(waiting, { type: 'endTurn', side: waiting.me })).toThrow("Wait for the other player's message.");
  });
});

describe('the exported game', () => {
  test('nevsky replay checks every commitment; a changed seed or reveal is caught', async () => {
    const ex = await playWhole(template('empty-board'), 'russian', 21, { turnLimit: 3 });
    const saved = exportGame(Object.values(ex.players)[0]!);
    const dir = mkdtempSync(joinPath(tmpdir(), 'nevsky-distance-'));
    const file = joinPath(dir, 'game.json');
    writeFileSync(file, JSON.stringify(saved));
    const ok = await runCli(['replay', file]);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/Played at a distance: \d+ messages\. They are consistent, and every revealed commitment matches \(\d+ checked against their reveals\)\./);
    const pdf = await runCli(['report', file, '--out', joinPath(dir, 'report.pdf')]);
    expect(pdf.code).toBe(0);

    const badSeed = copy(saved);
    badSeed.distance!.dice[1]!.seed = (badSeed.distance!.dice[1]!.seed + 1) % 4294967296;
    writeFileSync(file, JSON.stringify(badSeed));
    const r1 = await runCli(['replay', file]);
    expect(r1.code).toBe(1);
    expect(r1.err).toBe(`${file}: this game at a distance does not check: the dice seeds differ from those the messages agreed`);

    const badReveal = copy(saved);
    const m = badReveal.distance!.messages[4]!;
    m.reveal = m.reveal!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    writeFileSync(file, JSON.stringify(badReveal));
    const r2 = await runCli(['replay', file]);
    expect(r2.code).toBe(1);
    expect(r2.err).toBe(`${file}: this game at a distance does not check: message 4 does not reveal the dice secret message 2 committed to: the secret was changed`);

    const badAction = copy(saved);
    badAction.actions = badAction.actions.slice(0, -1);
    expect(await checkDistanceGame(badAction)).toMatchObject({ ok: false, reason: expect.stringContaining('the actions differ') });
  }, 120_000);
});

/** A fresh receiving copy replayed from the messages of an exchange up to (not including) message `upTo`. */
async function readerBefore(ex: Awaited<ReturnType<typeof playWhole>>, upTo: number): Promise<DistanceGame> {
  const side = ex.messages[upTo]!.from === ex.messages[0]!.from ? ex.messages[1]!.from : ex.messages[0]!.from;
  const player = ex.players[side]!;
  return { ...player, messages: player.messages.slice(0, upTo), seeds: player.seeds.filter((s) => s.n < upTo), seals: player.seals.filter((s) => s.n < upTo), secrets: player.secrets.filter((s) => s.n < upTo), draft: [] } as DistanceGame;
}

export type { Message };
