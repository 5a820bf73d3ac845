/** Roster checking speed: the largest example roster, text in, diagnostics out, against JSON.parse. */
import { readFileSync, readdirSync } from 'node:fs';
import { RULESETS, parseRoster } from '../../src/rulesets';
import { perSecond, type BenchSection } from './harness';

export const section: BenchSection = {
  name: 'Roster checking and reference sheets (issue 6)',
  run() {
    const dir = new URL('../../templates/rosters/', import.meta.url);
    const texts = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => ({ f, text: readFileSync(new URL(f, dir), 'utf8') }));
    const largest = texts.sort((a, b) => b.text.length - a.text.length)[0]!;
    const parse = perSecond(() => JSON.parse(largest.text));
    const check = perSecond(() => parseRoster(largest.text));
    return [
      { label: 'roster', value: largest.text.length, unit: 'bytes', note: largest.f },
      { label: 'JSON.parse', value: parse, unit: 'per s' },
      { label: 'parseRoster(text)', value: check, unit: 'per s' },
      { label: 'checking cost / JSON.parse cost', value: parse / check, unit: 'x' },
      { label: 'all four reference sheets built', value: perSecond(() => RULESETS.map((r) => r.referenceSheet())), unit: 'per s' },
    ];
  },
};
