/**
 * The Balance panel's state: settings, the running job (progress, games per second, Cancel), the finished
 * estimate kept with the library entry, and whether the scenario changed since (stale). A worker that dies or
 * goes silent stalls the run with a message; Resume plays the games still missing, Cancel discards the run.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { serializeScenario } from '../scenario';
import { BalanceCancelled, spareCores, startBalance, type BalanceJob, type BalanceSettings } from '../workers/balance-client';
import { spawnWebWorker } from '../workers/balance-browser';
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

/** How long a balance worker may go without reporting a game before the run is called stalled (ms, by policy). */
export function silenceLimitMs(policy: BalanceSettings['policy']): number {
  // A search-policy game runs a search at every decision: one game takes seconds, not milliseconds.
  return policy === 'search' ? 30_000 : 5000;
}

export const useBalanceStore = defineStore('balance', () => {
  const scenario = useScenarioStore();
  const library = useLibraryStore();
  const settings = ref<BalanceSettings>({ games: 1000, policy: 'random', seed: 1 });
  const workers = spareCores(typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : undefined);
  const running = ref(false);
  const done = ref(0);
  const rate = ref(0);
  const message = ref('');
  /** Set while the run is stalled (a worker was lost): what happened, with the games counted so far. */
  const stalled = ref('');
  const estimate = shallowRef<StoredBalance | null>(null);
  const heatMode = ref<HeatMode>('lost');
  let job: BalanceJob | null = null;

  const currentHash = computed(() => scenarioHash(serializeScenario(scenario.scenario)));
  const stale = computed(() => estimate.value !== null && estimate.value.scenarioHash !== currentHash.value);
  /** Counts per square for the map overlay (none while off, running or without an estimate). */
  const heat = computed<Record<string, number> | null>(() => {
    if (!estimate.value || heatMode.value === 'off' || running.value) return null;
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

  async function run(): Promise<void> {
    if (running.value) return;
    const id = library.currentId;
    const hash = currentHash.value;
    const snapshot = JSON.parse(serializeScenario(scenario.scenario)) as typeof scenario.scenario;
    const wanted = { ...settings.value };
    running.value = true;
    done.value = 0;
    rate.value = 0;
    message.value = '';
    stalled.value = '';
    const started = performance.now();
    const onStall = (reason: string, n: number) => {
      stalled.value = `A balance worker stopped answering (${reason}) after ${n.toLocaleString('en')} of ${wanted.games.toLocaleString('en')} games. `
        + 'Resume plays the games still missing; Cancel discards the run.';
    };
    job = startBalance(snapshot, wanted, spawnWebWorker, workers, (n) => {
      done.value = n;
      rate.value = n / Math.max(0.001, (performance.now() - started) / 1000);
    }, { silenceMs: silenceLimitMs(wanted.policy), onStall });
    try {
      const summary = await job.result;
      const stored: StoredBalance = { settings: wanted, summary, scenarioHash: hash, finished: Date.now(), seconds: (performance.now() - started) / 1000 };
      estimate.value = stored;
      if (id) await library.saveBalance(id, stored);
    } catch (err) {
      message.value = err instanceof BalanceCancelled ? 'Cancelled: no estimate from a partial run.' : `The balance run failed: ${(err as Error).message}`;
    } finally {
      running.value = false;
      stalled.value = '';
      job = null;
    }
  }

  function cancel(): void {
    job?.cancel();
  }

  /** Go on with a stalled run on new workers (the games counted so far are kept). */
  function resume(): void {
    stalled.value = '';
    job?.resume();
  }

  return { settings, workers, running, done, rate, message, stalled, estimate, stale, heat, heatMode, run, cancel, resume };
});
