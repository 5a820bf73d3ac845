/** The bundled scenario templates (templates/*.json), for "New from template" and the CLI. */
import type { Scenario } from '../rules';
import openField from '../../templates/open-field.json';
import roadsideVillage from '../../templates/roadside-village.json';
import riverCrossing from '../../templates/river-crossing.json';
import hills from '../../templates/hills.json';
import twoDivisions from '../../templates/two-divisions.json';
import emptyBoard from '../../templates/empty-board.json';

export interface Template { id: string; scenario: Scenario }

/** Every template, in the order the gallery shows them. */
export const TEMPLATES: readonly Template[] = [
  { id: 'open-field', scenario: openField as Scenario },
  { id: 'roadside-village', scenario: roadsideVillage as Scenario },
  { id: 'river-crossing', scenario: riverCrossing as Scenario },
  { id: 'hills', scenario: hills as Scenario },
  { id: 'two-divisions', scenario: twoDivisions as Scenario },
  { id: 'empty-board', scenario: emptyBoard as Scenario },
];

/** A deep copy of a template's scenario, safe to edit. */
export function templateScenario(id: string): Scenario | null {
  const t = TEMPLATES.find((x) => x.id === id);
  return t ? (JSON.parse(JSON.stringify(t.scenario)) as Scenario) : null;
}
