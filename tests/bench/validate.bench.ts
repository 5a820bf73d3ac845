/** Validation speed against JSON.parse of the same text, on the densest template. */
import { validateScenario } from '../../src/rules';
import { TEMPLATES, serializeScenario } from '../../src/scenario';
import { perSecond, type BenchSection } from './harness';

export const section: BenchSection = {
  name: 'Scenario validation (issue 2)',
  run() {
    const densest = [...TEMPLATES].sort((a, b) => serializeScenario(b.scenario).length - serializeScenario(a.scenario).length)[0]!;
    const text = serializeScenario(densest.scenario);
    const parse = perSecond(() => JSON.parse(text));
    const validate = perSecond(() => validateScenario(text));
    return [
      { label: `template`, value: text.length, unit: 'bytes', note: densest.id },
      { label: 'JSON.parse', value: parse, unit: 'per s' },
      { label: 'validateScenario(text)', value: validate, unit: 'per s' },
      { label: 'validation cost / JSON.parse cost', value: parse / validate, unit: 'x', note: 'aim <= 3' },
    ];
  },
};
