import { balanceGames } from './src/ai/balance';
import { templateScenario } from './src/scenario';
for (const tpl of ['open-field', 'two-divisions', 'roadside-village', 'hills']) for (const policy of ['simple', 'search'] as const) {
  const sc = templateScenario(tpl)!;
  const n = policy === 'search' ? 24 : 100;
  const t0 = Date.now();
  const r = balanceGames(sc, 0, n, { policy, seed: 1 });
  const full = new Map<string, number>();
  for (const g of r.games) for (const [k, v] of Object.entries(g.points)) full.set(k, Math.max(full.get(k) ?? 0, v));
  const quiet = r.games.filter((g) => Object.entries(g.points).every(([k, v]) => v === full.get(k))).length;
  const wins: Record<string, number> = {};
  for (const g of r.games) wins[g.winner ?? 'draw'] = (wins[g.winner ?? 'draw'] ?? 0) + 1;
  console.log(tpl, policy, 'games', n, 'quiet (max points both sides)', quiet, JSON.stringify(wins), `${((Date.now() - t0) / 1000).toFixed(0)}s`);
}
