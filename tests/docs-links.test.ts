/**
 * Issue 45 item 3: the README is for users (at most 250 lines, still holding the two set-up commands) and every
 * relative link or image in it and in docs/ points to a file that exists.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

function markdownUnder(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out = out.concat(markdownUnder(p));
    else if (name.endsWith('.md')) out.push(p);
  }
  return out;
}

/** Every link and image target in a Markdown text, outside code blocks and code spans. */
export function linkTargets(markdown: string): string[] {
  const text = markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');
  const targets: string[] = [];
  for (const m of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(m[1]!);
  for (const m of text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)) targets.push(m[1]!);
  return targets;
}

const files = [join(ROOT, 'README.md'), ...markdownUnder(join(ROOT, 'docs'))];

describe('documentation links', () => {
  test('there are docs to check', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  test.each(files.map((f) => relative(ROOT, f)))('%s: every relative link and image points to a file', (file) => {
    const broken = linkTargets(readFileSync(join(ROOT, file), 'utf8'))
      .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('#'))
      .filter((t) => !existsSync(resolve(dirname(join(ROOT, file)), decodeURIComponent(t.replace(/[#?].*$/, '')))));
    expect(broken).toEqual([]);
  });
});

describe('the README is for users', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  test('at most 250 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
  });
  test('keeps the two set-up commands and names the package to install', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
    expect(readme).toContain('npm install -g ./nevsky-scenario-studio-0.1.0.tgz');
  });
});

describe('the link finder', () => {
  test('finds links and images, skips code', () => {
    expect(linkTargets('a [x](a.md) ![i](img/p.png "t") `[no](b.md)`\n```\n[no](c.md)\n```\n[r]: ref.md')).toEqual(['a.md', 'img/p.png', 'ref.md']);
  });
});
