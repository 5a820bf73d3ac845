/** Issue 14 item 2: share links are inflated as a stream and stopped past 1 MB. */
import { createDeflateRaw } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { decodeShare, encodeShare, inflateLimited, MAX_SCENARIO_BYTES, SHARE_PREFIX, templateScenario } from '../../src/scenario';

/** deflate-raw of `megabytes` MB of spaces, compressed chunk by chunk (never holding the whole input). */
async function bomb(megabytes: number): Promise<Uint8Array> {
  const z = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  z.on('data', (b: Buffer) => parts.push(b));
  const done = new Promise((resolve) => z.on('end', resolve));
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < megabytes; i++) z.write(chunk);
  z.end();
  await done;
  return new Uint8Array(Buffer.concat(parts));
}

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

describe('2: share links decompressed as a stream with a 1 MB limit', () => {
  test('a ~130 KB link that inflates to 100 MB is refused, saying why', async () => {
    const packed = await bomb(100);
    const link = `#${SHARE_PREFIX}${base64url(packed)}`;
    expect(link.length).toBeLessThan(140 * 1024);
    const r = await decodeShare(link);
    expect(r.ok).toBe(false);
    expect(r.diagnostics).toEqual([{ code: 'json', severity: 'error', message: 'This share link unpacks to more than 1 MB (1048576 bytes), the limit for a scenario; it was not opened.' }]);
  });
  test('inflating stops at the limit: never more than the limit plus one chunk is kept', async () => {
    const packed = await bomb(20);
    expect(await inflateLimited(packed, MAX_SCENARIO_BYTES)).toBeNull();
    const small = await inflateLimited(await bomb(1), 2 * MAX_SCENARIO_BYTES);
    expect(small?.length).toBe(1024 * 1024);
  });
  test('a link over 1 MB long, or with characters base64url never uses, is refused unread', async () => {
    expect((await decodeShare(`#s=${'A'.repeat(MAX_SCENARIO_BYTES + 4)}`)).diagnostics[0]!.message).toMatch(/over 1 MB long/);
    expect((await decodeShare('#s=abc$%^')).diagnostics[0]!.message).toMatch(/characters a share link never uses/);
  });
  test('a normal link still round-trips', async () => {
    const s = templateScenario('river-crossing')!;
    const r = await decodeShare(await encodeShare(s));
    expect(r.ok && r.scenario).toEqual(s);
  });
});
