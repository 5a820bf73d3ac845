/**
 * A game at a distance carried by the club server, as a browser sees it (issue 40). The server only stores and relays:
 * every message it hands over is checked here exactly as a pasted link or an opened file is (receive: right game,
 * right place, every reveal against its commitment, every action legal), and this player's own messages are checked
 * against the hashes kept in its own keep. So a server that drops, reorders, replays or alters a message is caught.
 *
 * A player's own secrets (dice secrets, sealed choices, draft) are its "keep": encrypted in the browser with AES-GCM
 * under the player's games key, which the server never sees; the server stores the ciphertext so that a reload or
 * another device (given the key) loses nothing. Pure: Web Crypto only, the same in Node (tests) and browsers.
 */
import type { Action } from '../rules';
import { fromBase64Url, toBase64Url } from '../rules/base64url';
import { receive, readMessage, type DistanceGame, type Message } from '../distance';
import { messageHash } from '../distance/crypto';

/** What a player keeps of a game beyond its messages: its own secrets and the hashes of the messages it sent. */
export interface Keep {
  format: 'nevsky-keep';
  version: 1;
  game: string;
  me: string;
  /** The message count the draft was made at. */
  at: number;
  secrets: DistanceGame['secrets'];
  seals: DistanceGame['seals'];
  seeds: DistanceGame['seeds'];
  draft: Action[];
  /** The hash of every message this player sent, by number. */
  sent: Array<{ n: number; hash: string }>;
}

/** A player's keep of its copy. */
export async function keepOf(g: DistanceGame): Promise<Keep> {
  const sent: Keep['sent'] = [];
  for (const m of g.messages) if (m.from === g.me) sent.push({ n: m.n, hash: await messageHash(m) });
  return {
    format: 'nevsky-keep', version: 1, game: g.game, me: g.me, at: g.messages.length,
    secrets: g.secrets, seals: g.seals, seeds: g.seeds, draft: g.draft, sent,
  };
}

/** A new games key (AES-GCM, 256 bits) as text the player can copy to another device. */
export function newKeyText(): string {
  return toBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

/** Is this text a games key? */
export function isKeyText(text: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(text.trim());
}

/** Bytes on a plain ArrayBuffer, as Web Crypto's types want them. */
const bytes = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(fromBase64Url(text));

async function aesKey(keyText: string): Promise<CryptoKey> {
  return globalThis.crypto.subtle.importKey('raw', bytes(keyText.trim()), 'AES-GCM', false, ['encrypt', 'decrypt']);
}

const encoder = new TextEncoder();
/** The additional data binds a keep to its game on the server: a keep moved to another game does not open. */
const aad = (serverGame: string) => encoder.encode(`nevsky-keep|${serverGame}`);

/** The keep encrypted for the server: `v1.<iv>.<ciphertext>` (base64url). */
export async function sealKeep(keyText: string, serverGame: string, keep: Keep): Promise<string> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const ct = await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad(serverGame) }, await aesKey(keyText), encoder.encode(JSON.stringify(keep)));
  return `v1.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(ct))}`;
}

/** The keep from the server's blob, or null when this key does not open it (another key, or the blob was changed). */
export async function openKeep(keyText: string, serverGame: string, blob: string): Promise<Keep | null> {
  const m = /^v1\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(blob);
  if (!m || !isKeyText(keyText)) return null;
  try {
    const plain = await globalThis.crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes(m[1]!), additionalData: aad(serverGame) }, await aesKey(keyText), bytes(m[2]!));
    const keep = JSON.parse(new TextDecoder().decode(plain)) as Keep;
    return keep.format === 'nevsky-keep' ? keep : null;
  } catch {
    return null;
  }
}

/** Messages from the server applied to a copy: the copy as far as they were good, and the first problem, if any. */
export interface Applied { game: DistanceGame; applied: number; problem: string | null }

/**
 * Apply the server's messages (in the order it gave them) to this player's copy. Each must be the next one: one
 * already held must be the same message (a changed one is refused), one of the other player passes `receive`, and
 * one of this player's own must hash to what this player sent (`sent`). `count`: how many messages the server says
 * the game has; fewer delivered means one was held back.
 */
export async function applyServer(g: DistanceGame, messages: readonly unknown[], sent: ReadonlyArray<{ n: number; hash: string }>, count: number): Promise<Applied> {
  let copy = g;
  let applied = 0;
  const fail = (problem: string): Applied => ({ game: copy, applied, problem: `The club server's messages were refused: ${problem}` });
  for (const raw of messages) {
    const read = readMessage(raw);
    if (!read.ok) return fail(read.reason);
    const m = read.message;
    if (m.game !== copy.game) return fail(`message ${m.n} belongs to another game.`);
    const expected = copy.messages.length;
    if (m.n < expected) {
      if ((await messageHash(copy.messages[m.n])) !== (await messageHash(m))) return fail(`message ${m.n} differs from the message ${m.n} already received: it was changed.`);
      continue;
    }
    if (m.n > expected) return fail(`message ${expected} is missing (the server gave message ${m.n} next).`);
    if (m.from === copy.me) {
      const mine = sent.find((x) => x.n === m.n);
      if (!mine) return fail(`message ${m.n} is in your name but was not sent from your copy of the game.`);
      if (mine.hash !== (await messageHash(m))) return fail(`message ${m.n} is not the message you sent: it was changed.`);
      if (m.n > 0 && m.prev !== (await messageHash(copy.messages[m.n - 1]))) return fail(`message ${m.n - 1} is not the one your message ${m.n} answered: it was changed.`);
      copy = { ...copy, messages: [...copy.messages, m] };
    } else if (m.n === 0) {
      copy = { ...copy, messages: [m] };
    } else {
      const r = await receive(copy, m);
      if (!r.ok) return fail(r.reason);
      copy = r.game;
    }
    applied++;
  }
  if (copy.messages.length < count) return fail(`the server counts ${count} messages but gave ${copy.messages.length}: message ${copy.messages.length} was held back.`);
  return { game: copy, applied, problem: null };
}

/**
 * This player's copy made again from its keep and the server's messages (a reload without the local library, or
 * another device): every message checked as above; the draft kept when it was made at the present message.
 */
export async function rebuild(keep: Keep, messages: readonly unknown[], count: number): Promise<Applied> {
  const empty: DistanceGame = { format: 'nevsky-distance', version: 1, game: keep.game, me: keep.me, messages: [], secrets: keep.secrets, seals: keep.seals, seeds: keep.seeds, draft: [] };
  const out = await applyServer(empty, messages, keep.sent, count);
  // The invitation of a game this player joined is checked by the join's link to it (its `prev`), once the join is in.
  if (!out.problem && out.game.messages.length === keep.at) out.game = { ...out.game, draft: keep.draft };
  return out;
}

/** The message as stored text (the server relays it as given). */
export function asMessage(m: Message): Message {
  return JSON.parse(JSON.stringify(m)) as Message;
}
