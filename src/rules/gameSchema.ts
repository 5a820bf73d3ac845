/** The saved-game JSON Schema (schemas/game.schema.json), compiled once with the scenario schema it refers to. */
import Ajv2020 from 'ajv/dist/2020.js';
import scenarioSchema from '../../schemas/scenario.schema.json';
import gameSchema from '../../schemas/game.schema.json';
import { schemaMessage } from './schema';
import type { SavedGame } from './replay';

const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true });
ajv.addSchema(scenarioSchema);
const check = ajv.compile(gameSchema);

/** Problems with a saved game document, as plain messages naming where (empty when it is well formed). */
export function savedGameProblems(value: unknown): string[] {
  if (check(value)) return [];
  return (check.errors ?? []).filter((e) => e.keyword !== 'anyOf').map((e) => schemaMessage(e));
}

/** Narrowing helper: true when the value is a well-formed saved game. */
export function isSavedGame(value: unknown): value is SavedGame {
  return savedGameProblems(value).length === 0;
}
