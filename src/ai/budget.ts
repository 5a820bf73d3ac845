/** What a search player may spend on a decision (its level's budget): plain data, shared by search.ts and plan.ts. */
export interface SearchBudget {
  /** Root candidates kept after move ordering; in a plan, the choices open to each of its steps. */
  candidates: number;
  /** Simulations per decision outside the planned phases (shared among the candidates). */
  simulations: number;
  /** Cap on one playout's actions. */
  horizon: number;
  /**
   * Playouts run to the end of this many turns (1: the current turn; 2: also the other side's next turn; 0: none, so
   * a plan is judged where its phase ends, before its melees are fought: the shallow judge of the easy level).
   */
  turns: number;
  /** Fire targets judged by the fire phase's own result (cheaper, greedy) rather than by playouts to the turn's end. */
  localFire: boolean;
  /** Wall-clock cap per decision in ms, used only when a clock is given; without one, runs are fully seeded. */
  timeMs: number;
  /** Whole-phase plans scored per planned phase (0: the move and support phases are searched action by action). */
  plans: number;
  /** Plans per generation of the evolution. */
  population: number;
  /** Sampled worlds (dice) each plan is scored in (the same worlds for every plan of a generation). */
  worlds: number;
  /** Sampled worlds each pair of the secret MDI picks is resolved in before the mix is worked out. */
  mdiWorlds: number;
  /**
   * How much better (in mean value at an even position, the same log-odds step elsewhere) a plan must score in the
   * planner's final race to replace the simple policy's own plan: a larger margin keeps to the obvious plan unless
   * another is clearly better.
   */
  planMargin: number;
  /**
   * The evaluation's weights (evaluate.ts FEATURES order) when not those fitted (weights.ts): for screens that set a
   * level against the same level judging by other weights (the ladder's LADDER_BUDGET_*).
   */
  weights?: readonly number[];
}
