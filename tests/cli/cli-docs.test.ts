/** Issue 45 item 3: docs/cli.md is generated from the commands' own help and kept true. */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { CLI_DOCS_PATH, generateCliDocs } from '../../scripts/gen-cli-docs';
import { COMMANDS } from '../../src/cli/main';

describe('docs/cli.md', () => {
  test('is what scripts/gen-cli-docs.ts makes from the commands\' help today', async () => {
    const want = await generateCliDocs();
    const have = readFileSync(CLI_DOCS_PATH, 'utf8');
    if (have !== want) expect.fail('docs/cli.md is out of date with the commands\' help: run `npm run gen:cli-docs` and commit docs/cli.md');
  });

  test('holds every command\'s usage and help', async () => {
    const text = await generateCliDocs();
    for (const c of COMMANDS) {
      expect(text).toContain(`### nevsky ${c.name}`);
      expect(text).toContain(`Usage: ${c.usage}`);
      expect(text).toContain(c.help.replace(/[ \t]+$/gm, ''));
    }
  });
});
