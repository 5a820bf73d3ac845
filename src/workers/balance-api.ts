/** The balance worker's API, the same object behind the browser's Web Worker and the CLI's worker thread. */
import { emptyHeat, playBalanceGame, type BalanceOptions, type Scenario } from '../rules';
import type { BalanceWorkerApi, GameReport } from './balance-client';

export const balanceApi: BalanceWorkerApi = {
  async play(scenario: Scenario, from: number, to: number, options: BalanceOptions, onGame: (r: GameReport) => void) {
    for (let i = from; i < to; i++) {
      const heat = emptyHeat();
      const game = playBalanceGame(scenario, i, options, heat);
      await onGame({ game, heat });
    }
  },
};
