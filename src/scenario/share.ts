/** Share links: the scenario compressed with deflate-raw and written as base64url in the URL fragment. */
import { fromBase64Url, toBase64Url } from '../rules/base64url';
import { MAX_SCENARIO_BYTES, parseScenario, type ParseResult } from './parse';

import { SHARE_PREFIX } from './fragments';

export { isShareFragment, SHARE_PREFIX } from './fragments';

/** Run bytes through a compression or decompression stream. */
export async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const body = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/** Encode a scenario for a URL fragment (without the leading "#"). Compact JSON, deflate-raw, base64url. */
export async function encodeShare(scenario: unknown): Promise<string> {
  const json = JSON.stringify(scenario);
  const packed = await pipe(new TextEncoder().encode(json), new CompressionStream('deflate-raw'));
  return SHARE_PREFIX + toBase64Url(packed);
}

/**
 * Inflate deflate-raw bytes as a stream, stopping (and cancelling the stream) as soon as the output passes
 * `limit` bytes, so a small link that inflates to gigabytes costs no more than the limit. Null when over.
 */
export async function inflateLimited(bytes: Uint8Array, limit: number): Promise<Uint8Array | null> {
  const reader = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.length; }
  return out;
}

const linkProblem = (message: string): ParseResult => ({ ok: false, diagnostics: [{ code: 'json', severity: 'error', message }] });

/** Decode a share fragment (with or without "#"); the result goes through the same checks as a file. */
export async function decodeShare(fragment: string): Promise<ParseResult> {
  const body = fragment.replace(/^#/, '');
  if (!body.startsWith(SHARE_PREFIX)) return linkProblem('This link carries no scenario (it should end in "#s=...").');
  const packed = body.slice(SHARE_PREFIX.length);
  if (packed.length > MAX_SCENARIO_BYTES) return linkProblem('This share link is over 1 MB long and was not opened.');
  if (!/^[A-Za-z0-9_-]*$/.test(packed)) return linkProblem('This share link is damaged: it has characters a share link never uses.');
  let bytes: Uint8Array | null;
  try {
    bytes = await inflateLimited(fromBase64Url(packed), MAX_SCENARIO_BYTES);
  } catch {
    return linkProblem('This share link is damaged or cut short: its scenario could not be unpacked.');
  }
  if (!bytes) return linkProblem(`This share link unpacks to more than 1 MB (${MAX_SCENARIO_BYTES} bytes), the limit for a scenario; it was not opened.`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return linkProblem('This share link is damaged: its scenario is not UTF-8 text.');
  }
  return parseScenario(text);
}
