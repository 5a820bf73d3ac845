/** Types of the generated module validators.generated.js (`npm run gen:validators`). */
import type { ValidateFunction } from 'ajv';

/** schemas/scenario.schema.json */
export const scenario: ValidateFunction;
/** schemas/game.schema.json */
export const game: ValidateFunction;
/** schemas/roster.schema.json */
export const roster: ValidateFunction;
/** schemas/message.schema.json */
export const message: ValidateFunction;
