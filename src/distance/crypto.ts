/**
 * The hashes and random values of play at a distance: SHA-256 from the Web Crypto API (the same in Node 20 and in
 * browsers), written as base64url. Every hash names what it is for ("nevsky-dice", "nevsky-seal", ...), the game and
 * the message, so no value can be carried over from one use, game or message to another.
 */
import type { Action } from '../rules/actions';
import { toBase64Url } from '../rules/base64url';

const encoder = new TextEncoder();

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/** A fresh random value (16 bytes, 22 base64url characters): game ids, dice secrets and shares, salts. */
export function randomToken(): string {
  return toBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(16)));
}

/** JSON with every object's keys in sorted order: equal values hash alike whatever order their fields came in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const rec = value as Record<string, unknown>;
    return `{${Object.keys(rec).filter((k) => rec[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(rec[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The commitment to a dice secret: SHA-256, 43 characters. */
export async function diceCommitment(game: string, n: number, secret: string): Promise<string> {
  return toBase64Url(await digest(`nevsky-dice|${game}|${n}|${secret}`));
}

/** The commitment to secret actions (an MDI pick, a hidden set-up) with their salt: SHA-256, 43 characters. */
export async function sealOf(game: string, n: number, salt: string, actions: readonly Action[]): Promise<string> {
  return toBase64Url(await digest(`nevsky-seal|${game}|${n}|${salt}|${canonicalJson(actions)}`));
}

/**
 * The dice seed of message n: the receiver's committed secret (from message n-1) and the sender's share shown in
 * message n, hashed together; the first four bytes as an unsigned 32-bit number (the generator's seed).
 */
export async function diceSeed(game: string, n: number, secret: string, roll: string): Promise<number> {
  const h = await digest(`nevsky-seed|${game}|${n}|${secret}|${roll}`);
  return ((h[0]! << 24) | (h[1]! << 16) | (h[2]! << 8) | h[3]!) >>> 0;
}

/** The short hash (22 characters) a message carries of the one before it. */
export async function messageHash(message: unknown): Promise<string> {
  return toBase64Url((await digest(`nevsky-message|${canonicalJson(message)}`)).subarray(0, 16));
}
