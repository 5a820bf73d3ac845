/** The balance worker's API, the same object behind the browser's Web Worker and the CLI's worker thread. */
import { emptyHeat, playBalanceGame, type BalanceOptions, type Scenario } from '../rules';
import type { BalanceWorkerApi, GameReport } from './balance-client';

export const balanceApi: BalanceWorkerApi = {
  async play(scenario: Scenario, from: number, to: number, options: BalanceOptions, onGame: (r: GameReport) => void) {
    // Reports go out without waiting for each reply (the next game starts at once); play settles only once every
    // report has been received, so the client has them all before it hands out the next chunk or sums up.
    const sent: Array<unknown> = [];
    for (let i = from; i < to; i++) {
      const heat = emptyHeat();
      const game = playBalanceGame(scenario, i, options, heat);
      sent.push(onGame({ game, heat }));
    }
    await Promise.all(sent);
  },
};
