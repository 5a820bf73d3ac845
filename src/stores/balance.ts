/**
 * The Balance panel's state: settings, the running job (progress, games per second, the live estimate every quarter
 * second, Cancel), the finished estimate kept with the library entry, the last skill sweep, A/B comparison, "What
 * matters" and "What to change", and whether the scenario changed since (stale). A worker that dies or goes silent
 * stalls the run with a message; Resume plays the games still missing, Cancel discards the run. A suggested edit is
 * applied through the scenario store's command path (one undo step, saved with the history).
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { isPlayable, validateScenario, type BalanceSummary, type Scenario, type SweepSummary } from '../rules';
import { serializeScenario } from '../scenario';
import {
  BalanceCancelled, CHANGE_DEFAULTS, MATTERS_GAMES, SWEEP_LEVELS, startBalance, startComparison, startSweep,
  startWhatMatters, startWhatToChange, type BalanceSettings, type BalanceWatch, type ComparisonResult, type Suggestion, type WhatMatters, type WhatToChange,
} from '../workers/balance-client';
import { defaultPolicy, spareCores } from '../workers/balance-defaults';
import type { Square } from '../rules';
import { COMMANDS } from './commands';
import { whatChanged } from '../scenario/whatChanged';
import { useEditorStore } from './editor';
import { spawnWebWorker } from '../workers/balance-browser';
import { startServerBalance } from '../club/jobs';
import { isScenarioRecord, type StoredBalance } from './db';
import { useLibraryStore } from './library';
import { useScenarioStore } from './scenario';

/** A short hash of the scenario's file text: an estimate is stale when it no longer matches. */
export function scenarioHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

export type HeatMode = 'off' | 'lost' | 'melees';

/** What a run computes: one estimate, the skill sweep, or an A/B comparison with an earlier version. */
export type BalanceMode = 'estimate' | 'sweep' | 'compare' | 'matters' | 'change';

/** A "What matters" row marked on the map: its rank (1 for the largest effect) and its squares. */
export interface MattersMark { rank: number; squares: Square[] }

/** How often the panel's live estimate is refreshed while games run (ms). */
export const LIVE_MS = 250;

/** A version to compare the open scenario with: an earlier state from its undo history or another library entry. */
export interface CompareOption { key: string; label: string; scenario: Scenario }

/** How long a balance worker may go without reporting a game before the run is called stalled (ms, by policy). */
export function silenceLimitMs(policy: BalanceSettings['policy']): number {
  // A search-policy game runs a search at every decision: one game takes seconds, not milliseconds.
  return policy === 'search' ? 30_000 : 5000;
}

export const useBalanceStore = defineStore('balance', () => {
  const scenario = useScenarioStore();
  const library = useLibraryStore();
  const editor = useEditorStore();
  const workers = spareCores(typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : undefined);
  /** The default players on this machine: the strongest that plays 1,000 games in about a minute on its spare cores. */
  const defaultPolicyHere = defaultPolicy(workers);
  const settings = ref<BalanceSettings>({ games: 1000, policy: defaultPolicyHere, seed: 1 });
  /** Most games of the sweep's search level (a search game takes seconds). */
  const searchGames = ref(100);
  const running = ref(false);
  /** What the current run computes, and which of its runs is going (the policy or version it plays). */
  const mode = ref<BalanceMode>('estimate');
  const step = ref('');
  /** What a many-run job is playing now (the removal or edit), besides its step. */
  const detail = ref('');
  const done = ref(0);
  const total = ref(0);
  /** The estimate over the games played so far, refreshed every LIVE_MS while a run goes. */
  const live = shallowRef<BalanceSummary | null>(null);
  const sweep = shallowRef<(SweepSummary & { scenarioHash: string }) | null>(null);
  const comparison = shallowRef<(ComparisonResult & { against: string; scenarioHash: string }) | null>(null);
  const matters = shallowRef<(WhatMatters & { scenarioHash: string }) | null>(null);
  const changes = shallowRef<(WhatToChange & { scenarioHash: string }) | null>(null);
  /** Games per removal of "What matters", and the screening and confirming games of "What to change". */
  const mattersGames = ref(MATTERS_GAMES);
  const changeGames = ref<{ screen: number; confirm: number }>({ screen: CHANGE_DEFAULTS.screen, confirm: CHANGE_DEFAULTS.confirm });
  /** The "What matters" row picked in the panel (its index), highlighted on the map. */
  const pickedRow = ref<number | null>(null);
  /** The key of the version chosen to compare with (see compareOptions). */
  const compareWith = ref('');
  const rate = ref(0);
  const message = ref('');
  /** Set while the run is stalled (a worker was lost): what happened, with the games counted so far. */
  const stalled = ref('');
  const estimate = shallowRef<StoredBalance | null>(null);
  const heatMode = ref<HeatMode>('lost');
  let job: { cancel(): void; resume(): void } | null = null;

  const currentHash = computed(() => scenarioHash(serializeScenario(scenario.scenario)));
  const stale = computed(() => estimate.value !== null && estimate.value.scenarioHash !== currentHash.value);
  const sweepStale = computed(() => sweep.value !== null && sweep.value.scenarioHash !== currentHash.value);
  const comparisonStale = computed(() => comparison.value !== null && comparison.value.scenarioHash !== currentHash.value);
  const mattersStale = computed(() => matters.value !== null && matters.value.scenarioHash !== currentHash.value);
  const changesStale = computed(() => changes.value !== null && changes.value.scenarioHash !== currentHash.value);
  /** The five largest effects of "What matters" on the map (none while running or once the scenario changed). */
  const mattersMarks = computed<MattersMark[] | null>(() => {
    if (!matters.value || mattersStale.value || running.value) return null;
    return matters.value.rows.slice(0, 5).map((r, i) => ({ rank: i + 1, squares: r.squares }));
  });

  /** Earlier versions of the open scenario (its undo history, newest first, up to ten) and the other library entries. */
  const compareOptions = computed<CompareOption[]>(() => {
    const past = scenario.past;
    // Each version named by the edit made after it (issue 43 item 4), then how long ago.
    const after = (i: number) => past[i + 1] ?? scenario.scenario;
    const earlier = past.slice(-10).reverse().map((s, k) => {
      const i = past.length - 1 - k;
      return { key: `past:${i}`, label: `before: ${whatChanged(s, after(i))} (${k === 0 ? 'the last edit' : `${k + 1} edits ago`})`, scenario: s };
    });
    const others = library.records.filter((r) => isScenarioRecord(r) && r.id !== library.currentId)
      .map((r) => ({ key: `lib:${r.id}`, label: `library: ${r.title}`, scenario: (r as { scenario: Scenario }).scenario }));
    return [...earlier, ...others];
  });
  /** Counts per square for the map overlay (none while off, running, without an estimate, or once the scenario changed). */
  const heat = computed<Record<string, number> | null>(() => {
    if (!estimate.value || stale.value || heatMode.value === 'off' || running.value) return null;
    return heatMode.value === 'lost' ? estimate.value.summary.heat.lost : estimate.value.summary.heat.melees;
  });

  // The estimate of the open library entry.
  watch(() => [library.currentId, library.records] as const, ([id]) => {
    if (running.value) return;
    const record = library.records.find((r) => r.id === id);
    const stored = record && isScenarioRecord(record) ? record.balance ?? null : null;
    if (stored !== estimate.value) {
      estimate.value = stored;
      if (stored) settings.value = { ...stored.settings };
    }
  }, { immediate: true });

  /**
   * Run a job: progress, games per second and the live estimate while it goes, its outcome handed to `finish`, a
   * message for a cancel or a failure.
   */
  async function go<T>(kind: BalanceMode, start: (onProgress: (label: string, n: number, of: number) => void, watch: BalanceWatch) => { result: Promise<T>; cancel(): void; resume(): void; live(): BalanceSummary | null }, finish: (outcome: T, seconds: number) => Promise<void> | void): Promise<void> {
    running.value = true;
    mode.value = kind;
    done.value = 0;
    total.value = 0;
    rate.value = 0;
    step.value = '';
    detail.value = '';
    live.value = null;
    message.value = '';
    stalled.value = '';
    let started = performance.now();
    const onStall = (reason: string, n: number) => {
      stalled.value = `A balance worker stopped answering (${reason}) after ${n.toLocaleString('en')} of ${total.value.toLocaleString('en')} games. `
        + 'Resume plays the games still missing; Cancel discards the run.';
    };
    const onProgress = (label: string, n: number, of: number) => {
      if (label !== step.value) { step.value = label; started = performance.now(); }
      done.value = n;
      total.value = of;
      rate.value = n / Math.max(0.001, (performance.now() - started) / 1000);
    };
    const longest = settings.value.policy === 'search' || kind === 'sweep' ? silenceLimitMs('search') : silenceLimitMs(settings.value.policy);
    const current = start(onProgress, { silenceMs: longest, onStall });
    job = current;
    const first = performance.now();
    const timer = setInterval(() => { live.value = current.live(); }, LIVE_MS);
    try {
      await finish(await current.result, (performance.now() - first) / 1000);
    } catch (err) {
      message.value = err instanceof BalanceCancelled ? 'Cancelled: no estimate from a partial run.' : `The balance run failed: ${(err as Error).message}`;
    } finally {
      clearInterval(timer);
      running.value = false;
      stalled.value = '';
      live.value = null;
      job = null;
    }
  }

  const snapshotOf = (s: Scenario) => JSON.parse(serializeScenario(s)) as Scenario;

  /** One estimate of the open scenario with the settings (kept with its library entry). */
  async function run(): Promise<void> {
    if (running.value) return;
    const id = library.currentId;
    const hash = currentHash.value;
    const snapshot = snapshotOf(scenario.scenario);
    const wanted = { ...settings.value };
    await go('estimate', (onProgress, watch) => {
      const j = startBalance(snapshot, wanted, spawnWebWorker, workers, (n, of) => onProgress(wanted.policy, n, of), watch);
      return { result: j.result, cancel: j.cancel, resume: j.resume, live: j.live };
    }, async (summary, seconds) => {
      const stored: StoredBalance = { settings: wanted, summary, scenarioHash: hash, finished: Date.now(), seconds };
      estimate.value = stored;
      if (id) await library.saveBalance(id, stored);
    });
  }

  /**
   * The same estimate as a job on the club server that serves this page (issue 40 item 4): its threads or its workers
   * play it, this page follows it (Cancel cancels it there), and the result is kept as a local run's is.
   */
  async function runOnServer(): Promise<void> {
    if (running.value) return;
    const id = library.currentId;
    const hash = currentHash.value;
    const snapshot = snapshotOf(scenario.scenario);
    const wanted = { ...settings.value };
    await go('estimate', (onProgress) => startServerBalance(snapshot, wanted, (n, of) => onProgress(`${wanted.policy}, on the club server`, n, of)), async (summary, seconds) => {
      const stored: StoredBalance = { settings: wanted, summary, scenarioHash: hash, finished: Date.now(), seconds };
      estimate.value = stored;
      if (id) await library.saveBalance(id, stored);
    });
  }

  /** The skill sweep of the open scenario: the verdict at random, simple and search play, side by side. */
  async function runSweep(): Promise<void> {
    if (running.value) return;
    const hash = currentHash.value;
    const snapshot = snapshotOf(scenario.scenario);
    const wanted = { ...settings.value, searchGames: searchGames.value };
    await go('sweep', (onProgress, watch) => {
      const j = startSweep(snapshot, wanted, spawnWebWorker, workers, (level, n, of) => onProgress(SWEEP_LEVELS[level]!, n, of), watch);
      return { result: j.result, cancel: j.cancel, resume: j.resume, live: () => j.live().summary };
    }, (result) => { sweep.value = { ...result, scenarioHash: hash }; });
  }

  /** A/B of the open scenario against the chosen earlier version, on the same seeds and dice. */
  async function runCompare(): Promise<void> {
    if (running.value) return;
    const other = compareOptions.value.find((o) => o.key === compareWith.value);
    if (!other) { message.value = 'Choose a version to compare with.'; return; }
    if (!isPlayable(validateScenario(other.scenario))) { message.value = `The version "${other.label}" has errors and cannot be played; choose another.`; return; }
    const hash = currentHash.value;
    const now = snapshotOf(scenario.scenario), then = snapshotOf(other.scenario);
    const wanted = { ...settings.value };
    await go('compare', (onProgress, watch) => {
      const j = startComparison(now, then, wanted, spawnWebWorker, workers, (k, n, of) => onProgress(k === 0 ? 'the earlier version' : 'this version', n, of), watch);
      return { result: j.result, cancel: j.cancel, resume: j.resume, live: () => j.live().summary };
    }, (result) => { comparison.value = { ...result, against: other.label, scenarioHash: hash }; });
  }

  /** "What matters": the open scenario without each terrain feature and each unit, on the same seeds. */
  async function runMatters(): Promise<void> {
    if (running.value) return;
    const hash = currentHash.value;
    const snapshot = snapshotOf(scenario.scenario);
    const wanted = { games: mattersGames.value, policy: settings.value.policy, seed: settings.value.seed };
    pickedRow.value = null;
    await go('matters', (onProgress, watch) => {
      const j = startWhatMatters(snapshot, wanted, spawnWebWorker, workers, (label, n, of) => { detail.value = label; onProgress('What matters', n, of); }, watch);
      return { result: j.result, cancel: j.cancel, resume: j.resume, live: () => j.live().summary };
    }, (result) => { matters.value = { ...result, scenarioHash: hash }; });
  }

  /** "What to change": small edits screened and confirmed, up to three that bring the estimate inside 45-55%. */
  async function runChange(): Promise<void> {
    if (running.value) return;
    const hash = currentHash.value;
    const snapshot = snapshotOf(scenario.scenario);
    // Screened by the chosen players, confirmed by the strongest balance players (issue 43 item 3).
    const wanted = { ...changeGames.value, confirmMost: CHANGE_DEFAULTS.confirmMost, policy: settings.value.policy, confirmPolicy: 'search' as const, seed: settings.value.seed };
    await go('change', (onProgress, watch) => {
      const j = startWhatToChange(snapshot, wanted, spawnWebWorker, workers, (label, n, of) => { detail.value = label; onProgress('What to change', n, of); }, watch);
      return { result: j.result, cancel: j.cancel, resume: j.resume, live: () => j.live().summary };
    }, (result) => { changes.value = { ...result, scenarioHash: hash }; });
  }

  /** Highlight a "What matters" row's feature or unit on the map (again to clear). */
  function pickRow(index: number): void {
    const row = matters.value?.rows[index];
    if (!row || pickedRow.value === index) { pickedRow.value = null; editor.highlighted = []; return; }
    pickedRow.value = index;
    editor.highlighted = [...row.squares];
    if (row.squares[0]) { editor.cursor = row.squares[0]; editor.revealSquares(row.squares); }
  }

  /** Make a suggested edit to the open scenario: an ordinary editor change (Undo takes it back). */
  function applySuggestion(s: Suggestion): boolean {
    const done = scenario.run(COMMANDS.balanceEdit, s.edit);
    message.value = done ? `Applied: ${s.label}. Undo takes it back.` : `"${s.label}" no longer fits the open scenario; run What to change again.`;
    return done;
  }

  function cancel(): void {
    job?.cancel();
  }

  /** Go on with a stalled run on new workers (the games counted so far are kept). */
  function resume(): void {
    stalled.value = '';
    job?.resume();
  }

  return {
    settings, searchGames, workers, defaultPolicyHere, running, mode, step, detail, done, total, rate, live, message, stalled, estimate, stale, heat, heatMode,
    sweep, sweepStale, comparison, comparisonStale, compareWith, compareOptions, run, runOnServer, runSweep, runCompare, cancel, resume,
    matters, mattersStale, mattersMarks, mattersGames, pickedRow, pickRow, runMatters, changes, changesStale, changeGames, runChange, applySuggestion,
  };
});
