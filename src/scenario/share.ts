/** Share links: the scenario compressed with deflate-raw and written as base64url in the URL fragment. */
import { parseScenario, type ParseResult } from './parse';

/** The fragment prefix of a share link: `#s=...`. */
export const SHARE_PREFIX = 's=';

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const body = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/** Encode a scenario for a URL fragment (without the leading "#"). Compact JSON, deflate-raw, base64url. */
export async function encodeShare(scenario: unknown): Promise<string> {
  const json = JSON.stringify(scenario);
  const packed = await pipe(new TextEncoder().encode(json), new CompressionStream('deflate-raw'));
  return SHARE_PREFIX + toBase64Url(packed);
}

/** Decode a share fragment (with or without "#"); the result goes through the same checks as a file. */
export async function decodeShare(fragment: string): Promise<ParseResult> {
  const body = fragment.replace(/^#/, '');
  if (!body.startsWith(SHARE_PREFIX)) {
    return { ok: false, diagnostics: [{ code: 'json', severity: 'error', message: 'This link carries no scenario (it should end in "#s=...").' }] };
  }
  try {
    const bytes = await pipe(fromBase64Url(body.slice(SHARE_PREFIX.length)), new DecompressionStream('deflate-raw'));
    return parseScenario(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, diagnostics: [{ code: 'json', severity: 'error', message: 'This share link is damaged or cut short: its scenario could not be unpacked.' }] };
  }
}
