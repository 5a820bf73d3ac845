/** Where links made by the app start, and whether a link can only work on this computer. */
import { useClubStore } from './store';

/**
 * The start of a share or distance link: the club server's public address (from /api/me) when the app is served by
 * one and a member is logged in, else this page's own address.
 */
export function linkBase(): string {
  if (typeof location === 'undefined') return '';
  let origin: string | null = null;
  try { origin = useClubStore().linkOrigin; } catch { origin = null; }
  return origin ? `${origin}/` : `${location.origin}${location.pathname}`;
}

/** True when a link's host is a loopback address (localhost, 127.x.x.x, [::1]): it opens only on this computer. */
export function isLoopback(url: string): boolean {
  let host: string;
  try { host = new URL(url).hostname.toLowerCase(); } catch { return false; }
  return host === 'localhost' || host.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(host) || host === '[::1]' || host === '::1';
}
