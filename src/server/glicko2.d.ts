/** Types of the `glicko2` package (mmai/glicko2js), which ships none: the parts src/server/record.ts uses. */
declare module 'glicko2' {
  export interface Player { getRating(): number; getRd(): number; getVol(): number }
  export class Glicko2 {
    constructor(settings?: { tau?: number; rating?: number; rd?: number; vol?: number });
    makePlayer(rating?: number, rd?: number, vol?: number): Player;
    updateRatings(matches: Array<[Player, Player, number]>): void;
  }
  const glicko2: { Glicko2: typeof Glicko2 };
  export default glicko2;
}
