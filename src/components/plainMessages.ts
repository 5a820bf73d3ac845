/**
 * Import problems in plain English for a club player, with the technical form kept beside them. Pure: a
 * diagnostic (code, message, JSON pointer) in, two strings out.
 */

/** What the dialog needs of a scenario or roster diagnostic. */
export interface Problem { code: string; message: string; path?: string }

/** A problem as shown: the plain sentence and the technical pointer for whoever fixes the file by hand. */
export interface PlainProblem { text: string; technical: string }

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
/** "first", "second" ... then "11th" (a 0-based index in). */
function nth(index: number): string {
  const n = index + 1;
  if (n <= ORDINALS.length) return ORDINALS[n - 1]!;
  const tail = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${tail}`;
}

/** Field names as a player would say them. */
const FIELD_NAMES: Record<string, string> = {
  meta: 'details', title: 'title', author: 'author', description: 'description', created: 'date created',
  board: 'board', columns: 'number of columns', rows: 'number of rows', terrain: 'terrain', rules: 'rules options',
  turnLimit: 'turn limit', firstAttacker: 'first attacker', fractions: 'fractions option', hills: 'hills', banned: 'troops banned from hills',
  movePenalty: 'hill move penalty', protected: 'protected squares', meleePenalty: 'melee penalty uphill', sides: 'sides',
  units: 'units', type: 'troop type', stands: 'number of stands', at: 'square', facing: 'facing', id: 'id', army: 'army',
  edge: 'board edge', name: 'name', divisions: 'number of divisions', kind: 'kind', path: 'route', roads: 'roads',
  rivers: 'rivers', edges: 'edges', crossings: 'crossings', squares: 'squares', format: 'format name', version: 'format version',
  ruleset: 'rule set', scenario: 'scenario', seed: 'seed', actions: 'actions',
};

/** The singular of a list's name, for "the third unit". */
const ITEM_NAMES: Record<string, string> = {
  sides: 'side', units: 'unit', protected: 'protected square', roads: 'road', path: 'point', rivers: 'river', edges: 'edge',
  crossings: 'crossing', hills: 'hill', squares: 'square', banned: 'banned troop type', actions: 'action',
};

/** A JSON pointer as words: "/sides/1/units/3/at" -> "the square of the fourth unit of the second side". */
export function describePlace(pointer: string | undefined): string {
  if (pointer === undefined || pointer === '') return 'the file';
  if (pointer === '/meta') return 'the scenario';
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const phrases: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const next = parts[i + 1];
    if (next !== undefined && /^\d+$/.test(next)) {
      phrases.push(`the ${nth(Number(next))} ${ITEM_NAMES[part] ?? part}`);
      i++;
    } else if (part === 'terrain' || part === 'meta') {
      // "the title" reads better than "the title of the details"; terrain lists name themselves.
      if (i === parts.length - 1) phrases.push(`the ${FIELD_NAMES[part]}`);
    } else phrases.push(`the ${FIELD_NAMES[part] ?? `"${part}" entry`}`);
  }
  return phrases.reverse().join(' of ');
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text', integer: 'a whole number', number: 'a number', array: 'a list', object: 'a group of entries',
  boolean: 'yes or no (true or false)', null: 'empty (null)',
};

const capital = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

/** The sentence for one problem, from its code, its pointer and the shape of its technical message. */
function plainText(p: Problem): string {
  const where = describePlace(p.path);
  const m = p.message;
  if (p.code === 'json') {
    if (/empty/.test(m)) return 'The file is empty: there is no scenario in it.';
    if (/MB/.test(m)) return `${m} A scenario file is normally a few kilobytes: check that this is the right file.`;
    if (/link/.test(m)) return m;
    const at = /line (\d+), column (\d+)/.exec(m);
    return `This is not a scenario file, or it has been damaged: its text is not in the expected form${at ? ` (the trouble starts on line ${at[1]}, at character ${at[2]})` : ''}.`;
  }
  // A game file's action that does not replay or does not fit the format: named by index, JSON pointer and type.
  if (/^action \d+ \(\/actions\/\d+/.test(m)) return capital(m);
  if (p.code === 'version') return 'This scenario was saved by a newer version of Nevsky Studio. Update the app (reload the page when online) to open it.';
  if (p.code !== 'schema') return m;
  let r: RegExpExecArray | null;
  if ((r = / must be ([a-z]+)(?: or ([a-z]+))?, not (.+)\.$/.exec(m))) {
    const want = [r[1], r[2]].filter(Boolean).map((t) => TYPE_WORDS[t!] ?? t).join(' or ');
    return `${capital(where)} should be ${want}, but the file has ${r[3]}.`;
  }
  if ((r = / is (.+); it must be one of (.+)\.$/.exec(m))) return `${capital(where)} is ${r[1]}, which is not allowed here: it should be one of ${r[2]}.`;
  if ((r = / is (.+); it must be (<=|>=|<|>) (.+)\.$/.exec(m))) {
    const words = { '<=': 'at most', '>=': 'at least', '<': 'less than', '>': 'more than' }[r[2] as '<=' | '>=' | '<' | '>'];
    return `${capital(where)} is ${r[1]}; it should be ${words} ${r[3]}.`;
  }
  if ((r = / is (.+); it must be (.+)\.$/.exec(m))) return `${capital(where)} is ${r[1]}; it should be ${r[2]}.`;
  if ((r = / is missing the required field "(.+)"\.$/.exec(m))) {
    const field = FIELD_NAMES[r[1]!] ?? `"${r[1]}" entry`;
    return `${capital(where)} has no ${field}, and every scenario needs one.`;
  }
  if ((r = / has a field "(.+)" that this format does not know\.$/.exec(m))) {
    return `${capital(where)} has an entry "${r[1]}" that scenario files do not have: perhaps a typing mistake, or a file from another program.`;
  }
  if ((r = / is (.+), which is not (.+)\.$/.exec(m))) return `${capital(where)} is ${r[1]}, which is not ${r[2]}.`;
  // Other shapes (lengths, counts): keep the sentence, naming the place in words.
  const rest = m.replace(/^\S+/, '');
  return `${capital(where)}${rest}`;
}

/** A problem in plain English with its technical form (code, pointer, original message). */
export function plainProblem(p: Problem): PlainProblem {
  const pointer = p.path === undefined ? '' : ` at ${p.path || '/'}`;
  return { text: plainText(p), technical: `${p.code}${pointer}: ${p.message}` };
}
