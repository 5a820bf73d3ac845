/**
 * The two kinds of link fragment the app opens: a share link's scenario (`#s=...`) and a message of a game at a
 * distance (`#d=...`). Kept apart from the code that decodes them so the first screen can recognise a link without
 * loading that code (the router takes such a fragment off the address before it reads a view's path, `#/...`).
 */

/** The fragment prefix of a share link: `#s=...`. */
export const SHARE_PREFIX = 's=';
/** The fragment prefix of a message link: `#d=...`. */
export const MESSAGE_PREFIX = 'd=';

/** Is this fragment (with or without "#") a share link's? */
export function isShareFragment(fragment: string): boolean {
  return fragment.replace(/^#/, '').startsWith(SHARE_PREFIX);
}

/** Is this fragment (with or without "#") a message link's? */
export function isMessageFragment(fragment: string): boolean {
  return fragment.replace(/^#/, '').startsWith(MESSAGE_PREFIX);
}
