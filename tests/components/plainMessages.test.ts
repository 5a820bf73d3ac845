import { describe, expect, test } from 'vitest';
import { parseScenario, serializeScenario, templateScenario } from '../../src/scenario';
import { describePlace, plainProblem } from '../../src/components/plainMessages';

/** The open-field template as JSON with one change made by `edit`. */
type Doc = {
  terrain: { protected: Array<Record<string, unknown>> }; sides: Array<{ units: Array<Record<string, unknown>> }>;
  board: Record<string, unknown>; meta: Record<string, unknown>; [field: string]: unknown;
};
function broken(edit: (s: Doc) => void): string {
  const s = JSON.parse(serializeScenario(templateScenario('open-field')!)) as Doc;
  edit(s);
  return JSON.stringify(s);
}

/** Plain texts of every problem parsing `text` gives. */
function plain(text: string): string[] {
  const r = parseScenario(text);
  expect(r.ok).toBe(false);
  return r.diagnostics.map((d) => plainProblem(d).text);
}

describe('import problems in plain English', () => {
  test.each([
    ['', 'the file'],
    ['/meta', 'the scenario'],
    ['/meta/title', 'the title'],
    ['/board/columns', 'the number of columns of the board'],
    ['/terrain/protected/0/kind', 'the kind of the first protected square'],
    ['/sides/1/units/3/at', 'the square of the fourth unit of the second side'],
    ['/terrain/roads/0/path/11', 'the 12th point of the first road'],
    ['/rules/hills/banned/0', 'the first banned troop type of the hills of the rules options'],
  ])('the place %j reads as "%s"', (pointer, words) => {
    expect(describePlace(pointer)).toBe(words);
  });

  test('a wrong kind of value names the place in words and the expected kind of value', () => {
    const texts = plain(broken((s) => { s.terrain.protected[0]!.kind = 7; }));
    expect(texts).toContain('The kind of the first protected square should be text, but the file has 7.');
    expect(texts.join(' ')).not.toMatch(/Terrain\.protected\[0\]/);
  });

  test('a value out of the allowed list, a number over its limit, a missing title, an unknown entry', () => {
    expect(plain(broken((s) => { s.sides[1]!.units[3]!.type = 'dragons'; })).join('\n'))
      .toContain('The troop type of the fourth unit of the second side is "dragons", which is not allowed here: it should be one of "knights"');
    expect(plain(broken((s) => { s.board.columns = 99; }))).toContain('The number of columns of the board is 99; it should be at most 48.');
    expect(plain(broken((s) => { delete s.meta.title; }))).toContain('The scenario has no title, and every scenario needs one.');
    expect(plain(broken((s) => { s.colour = 'red'; })).join('\n')).toMatch(/^The file has an entry "colour" that scenario files do not have/m);
  });

  test('text that is not JSON says so without programmer words, and points at the line', () => {
    const [text] = plain('{"format": "nevsky-scenario",,}');
    expect(text).toBe('This is not a scenario file, or it has been damaged: its text is not in the expected form (the trouble starts on line 1, at character 30).');
    expect(plain('   ')).toEqual(['The file is empty: there is no scenario in it.']);
  });

  test('a newer format version asks for an update', () => {
    expect(plain(broken((s) => { s.version = 9; }))[0]).toMatch(/newer version of Nevsky Studio/);
  });

  test('the technical form keeps the code, the pointer and the original message beside the plain text', () => {
    const d = { code: 'schema', message: 'Terrain.protected[0].kind must be string, not 7.', path: '/terrain/protected/0/kind' };
    expect(plainProblem(d).technical).toBe('schema at /terrain/protected/0/kind: Terrain.protected[0].kind must be string, not 7.');
    expect(plainProblem({ code: 'json', message: 'x' }).technical).toBe('json: x');
  });

  test('set-up messages that are already plain pass through unchanged', () => {
    const d = { code: 'duplicate-id', message: 'Two units share the id "a".', path: '/sides/0/units/1/id' };
    expect(plainProblem(d).text).toBe(d.message);
  });
});
