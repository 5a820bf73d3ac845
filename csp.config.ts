/**
 * The Content-Security-Policy of the built app, written into dist/index.html as a <meta> tag (the dev server
 * keeps its own inline HMR client, so the policy is only set on build). No 'unsafe-eval': the JSON Schema
 * validators are precompiled (`npm run gen:validators`) and nothing in the app compiles code at run time.
 */
import type { Plugin } from 'vite';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Vue and svg.js set style attributes on elements; styles cannot run code.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Vite plugin: the policy as the first tag of <head> in the built page. */
export function contentSecurityPolicy(): Plugin {
  return {
    name: 'nevsky-csp',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY }, injectTo: 'head-prepend' }],
    },
  };
}
