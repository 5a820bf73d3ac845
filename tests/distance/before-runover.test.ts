/**
 * Issue 42, formats: a game at a distance finished and saved before R-run-over (saved-game format 2, message format 1,
 * a run-over written `runOver: true`) is read as format 3 (readGame's migrateGame), and its commitments still check:
 * they were made over the messages as sent, which the check reads back (messageAsSentBefore3). A message changed since
 * is still caught.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { readGame, replayGame, stateHash, type SavedGame } from '../../src/rules';
import { messageAsSentBefore3, migrateGame } from '../../src/rules/readGame';
import { checkDistanceGame, exportGame, turnOf, type Message } from '../../src/distance';
import { messageHash } from '../../src/distance/crypto';
import { playWhole, seededRandomValues, template } from './players';

beforeEach(() => seededRandomValues(42));
afterEach(() => { vi.restoreAllMocks(); });

type Loose = Record<string, unknown>;

/** A run-over as format 2 wrote it: `true` (it always ended on the square ridden over, its move's own). */
const unnamed = (a: unknown): unknown => {
  const m = a as Loose;
  return m.type === 'move' && typeof m.runOver === 'string' ? { ...m, runOver: true } : a;
};

/** Could the program before R-run-over have played these actions: any run-over ending on the square ridden over? */
const playableBefore = (saved: SavedGame): boolean =>
  (saved.actions.filter((a) => a.type === 'move' && a.runOver !== undefined) as Array<{ to: string; runOver?: string }>).every((a) => a.runOver === a.to);

/**
 * The saved game as the program before R-run-over would have written it, for the same play: format 2, messages of
 * format 1, run-overs `true`, and each message's link made over the message before it in that form (the invitation's
 * with its scenario, as sent).
 */
async function asWrittenBefore(saved: SavedGame): Promise<Loose> {
  const d = saved.distance!;
  const messages: Loose[] = [];
  for (const [n, m] of d.messages.entries()) {
    const old: Loose = { ...(m as unknown as Loose), version: 1 };
    if (m.actions) old.actions = m.actions.map(unnamed);
    if (m.unseal) old.unseal = { ...m.unseal, actions: m.unseal.actions.map(unnamed) };
    if (n >= 1) old.prev = await messageHash(n === 1 ? { ...messages[0], scenario: saved.scenario } : messages[n - 1]);
    messages.push(old);
  }
  const closing = d.closing ? { ...d.closing, ...(d.closing.seals ? { seals: d.closing.seals.map((c) => ({ ...c, actions: c.actions.map(unnamed) })) } : {}) } : undefined;
  return { ...saved, version: 2, actions: saved.actions.map(unnamed), distance: { ...d, messages, ...(closing ? { closing } : {}) } };
}

describe('issue 42: a distance game saved before R-run-over', () => {
  test('10A read as format 3, it replays to the same end and every commitment checks; a changed message is still caught', async () => {
    // Seeds tried in order until a finished game has no run-over that carried on past its square (format 2 had none).
    let found: { saved: SavedGame; end: string } | null = null;
    for (let seed = 1; seed <= 12 && !found; seed++) {
      const ex = await playWhole(template('open-field'), 'russian', seed);
      const player = Object.values(ex.players)[0]!;
      const saved = exportGame(player);
      if (playableBefore(saved)) found = { saved, end: stateHash(turnOf(player).state!) };
    }
    expect(found, 'every game of seeds 1 to 12 had a run-over that carried on').not.toBeNull();
    const { saved, end } = found!;
    const before = await asWrittenBefore(saved);
    expect(JSON.stringify(before)).toContain('"version":1');

    const read = readGame(JSON.parse(JSON.stringify(before)));
    if (!read.ok) throw new Error(read.message);
    expect(read.game.version).toBe(3);
    expect(stateHash(replayGame(read.game))).toBe(end);
    const check = await checkDistanceGame(read.game);
    expect(check).toMatchObject({ ok: true, messages: saved.distance!.messages.length });

    // Read as it stands, with no regard to the form it was sent in, the links would not hold: the check is not vacuous.
    const asIs = (read.game.distance!.messages as Message[]);
    expect(await messageHash({ ...asIs[0]!, scenario: read.game.scenario })).not.toBe(asIs[1]!.prev);

    // The same file with one message changed after it was sent (its dice share): the next one's link no longer holds.
    const changed = JSON.parse(JSON.stringify(before)) as { distance: { messages: Message[] } };
    changed.distance.messages[5] = { ...changed.distance.messages[5]!, roll: 'AAAAAAAAAAAAAAAAAAAAAA' };
    const bad = readGame(changed);
    if (!bad.ok) throw new Error(bad.message);
    expect(await checkDistanceGame(bad.game)).toMatchObject({ ok: false, reason: expect.stringContaining('message 6 does not follow message 5') });
  }, 300_000);
});

describe('issue 42: a message as sent before R-run-over (messageAsSentBefore3)', () => {
  const v1 = {
    format: 'nevsky-message', version: 1, game: 'AAAAAAAAAAAAAAAAAAAAAA', n: 6, from: 'russian', prev: 'p', roll: 'r', reveal: 's', commit: 'c',
    actions: [{ type: 'move', side: 'russian', unit: 'k', to: 'F6', runOver: true }, { type: 'move', side: 'russian', unit: 'j', to: 'F7' }],
    unseal: { salt: 'x', actions: [{ type: 'move', side: 'russian', unit: 'k', to: 'E6', runOver: true }] },
  };
  const migrated = (m: unknown) => ((migrateGame({ format: 'nevsky-game', version: 2, actions: [], distance: { messages: [m] } }) as { distance: { messages: unknown[] } }).distance.messages[0]);

  test('10A the inverse of the migration: a version 1 message migrated and sent back is the message sent, run-overs `true` again', () => {
    const now = migrated(v1) as Loose;
    expect(now.version).toBe(2);
    expect((now.actions as Loose[])[0]!.runOver).toBe('F6');
    expect(messageAsSentBefore3(now)).toEqual(v1);
  });

  test('10A a run-over that carried on past its square, or a message of another version, has no earlier form', () => {
    const carried = { ...(migrated(v1) as Loose), actions: [{ type: 'move', side: 'russian', unit: 'k', to: 'F8', runOver: 'F6' }] };
    expect((messageAsSentBefore3(carried) as Loose).actions).toEqual(carried.actions);
    expect(messageAsSentBefore3(v1)).toBeNull();
    expect(messageAsSentBefore3({ ...v1, version: 3 })).toBeNull();
    expect(messageAsSentBefore3(null)).toBeNull();
  });
});
