/**
 * Links and files of play at a distance: a message (schemas/message.schema.json) as compact JSON, deflate-raw and
 * base64url in a link's fragment (`#d=...`), the same compression as share links; or as a small JSON file.
 */
import { fromBase64Url, toBase64Url } from '../rules/base64url';
import { readMessage, type MessageReading } from '../distance';
import { MAX_SCENARIO_BYTES } from './parse';
import { inflateLimited, pipe } from './share';

import { MESSAGE_PREFIX } from './fragments';

export { isMessageFragment, MESSAGE_PREFIX } from './fragments';

/** The fragment of a message link (without the leading "#"). */
export async function encodeMessage(message: unknown): Promise<string> {
  const packed = await pipe(new TextEncoder().encode(JSON.stringify(message)), new CompressionStream('deflate-raw'));
  return MESSAGE_PREFIX + toBase64Url(packed);
}

/** A message from a link's fragment, or from a message file's text (JSON), checked against the message schema. */
export async function decodeMessage(input: string): Promise<MessageReading> {
  const text = input.trim();
  const at = text.indexOf(`#${MESSAGE_PREFIX}`);
  if (text.startsWith('{')) return readMessage(text);
  const body = at >= 0 ? text.slice(at + 1 + MESSAGE_PREFIX.length) : text.replace(/^#/, '').startsWith(MESSAGE_PREFIX) ? text.replace(/^#/, '').slice(MESSAGE_PREFIX.length) : null;
  if (body === null) return { ok: false, reason: 'This is neither a game message link (it should end in "#d=...") nor a message file.' };
  if (body.length > MAX_SCENARIO_BYTES) return { ok: false, reason: 'This message link is over 1 MB long and was not opened.' };
  if (!/^[A-Za-z0-9_-]*$/.test(body)) return { ok: false, reason: 'This message link is damaged: it has characters a message link never uses.' };
  let bytes: Uint8Array | null;
  try {
    bytes = await inflateLimited(fromBase64Url(body), MAX_SCENARIO_BYTES);
  } catch {
    return { ok: false, reason: 'This message link is damaged or cut short: its message could not be unpacked.' };
  }
  if (!bytes) return { ok: false, reason: `This message link unpacks to more than 1 MB (${MAX_SCENARIO_BYTES} bytes); it was not opened.` };
  try {
    return readMessage(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, reason: 'This message link is damaged: its message is not UTF-8 text.' };
  }
}
