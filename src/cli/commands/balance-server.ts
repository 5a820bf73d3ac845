/**
 * `nevsky balance FILE --server URL`: the run as a job on a club server (issue 40 item 4), played by its threads or its
 * `nevsky worker` processes. The member's login and password come from NEVSKY_LOGIN and NEVSKY_PASSWORD (never the
 * command line, which other users of the machine can read). The rates so far show while it runs; Ctrl+C cancels the
 * job on the server.
 */
import type { BalanceSummary, PolicyName, Scenario } from '../../rules';
import { EXIT, shortText, UsageError, type Io } from '../io';

export interface ServerRun { server: string; scenario: Scenario; name: string; settings: { games: number; policy: PolicyName; seed: number; fixed?: boolean }; json: boolean }

interface JobView { id: string; status: string; done: number; total: number; summary: BalanceSummary | null; live: BalanceSummary | null; error: string | null }

/** The server's origin from --server (http or https, no path but an optional base). */
export function serverUrl(value: string): string {
  let url: URL;
  try { url = new URL(value); } catch { throw new UsageError(`--server: "${shortText(value)}" is not an address (write it as https://club.example.org)`); }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--server must start with http:// or https://');
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export async function runOnServer(run: ServerRun, io: Io, format: (s: BalanceSummary) => string[]): Promise<number> {
  const login = process.env.NEVSKY_LOGIN, password = process.env.NEVSKY_PASSWORD;
  if (!login || !password) throw new UsageError('--server needs your club login in NEVSKY_LOGIN and your password in NEVSKY_PASSWORD');
  let cookie = '';
  const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> => {
    let res: Response;
    try {
      res = await fetch(run.server + path, { method, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    } catch (err) {
      throw new Error(`the club server at ${run.server} did not answer (${(err as Error).message})`);
    }
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    let json: Record<string, unknown> = {};
    try { json = await res.json() as Record<string, unknown>; } catch { /* not JSON: the status says enough */ }
    return { status: res.status, json };
  };
  const said = (r: { status: number; json: Record<string, unknown> }) => (typeof r.json.error === 'string' ? r.json.error : `it answered ${r.status}`);
  const logged = await call('POST', '/api/login', { login, password });
  if (logged.status !== 200) { io.err(`nevsky balance: the club server refused the login: ${said(logged)}`); return EXIT.invalid; }
  const started = await call('POST', '/api/jobs/balance', { scenario: run.scenario, ...run.settings });
  if (started.status !== 201) { io.err(`nevsky balance: the club server did not start the run: ${said(started)}`); return EXIT.invalid; }
  const id = String(started.json.id);
  const begun = performance.now();
  let cancelled = false;
  const onSignal = () => { cancelled = true; };
  process.once('SIGINT', onSignal);
  const tty = !run.json && process.stderr.isTTY === true;
  let lastLine = 0;
  try {
    for (;;) {
      if (cancelled) {
        await call('POST', `/api/jobs/${id}/cancel`);
        if (tty) process.stderr.write('\n');
        io.err(`nevsky balance: cancelled the run on the server (job ${id})`);
        return EXIT.invalid;
      }
      const got = await call('GET', `/api/jobs/${id}`);
      if (got.status !== 200) { io.err(`nevsky balance: the club server lost the run: ${said(got)}`); return EXIT.invalid; }
      const job = got.json as unknown as JobView;
      if (job.status === 'done' && job.summary) {
        if (tty) process.stderr.write('\n');
        const secs = (performance.now() - begun) / 1000;
        if (run.json) { io.out(JSON.stringify({ scenario: run.name, settings: run.settings, server: run.server, job: id, seconds: Number(secs.toFixed(2)), ...job.summary }, null, 1)); return EXIT.ok; }
        io.out(`Balance of ${run.name}: ${job.summary.games} games, policy ${run.settings.policy}, seed ${run.settings.seed} (on ${run.server}, job ${id}, ${secs.toFixed(1)} s)`);
        for (const line of format(job.summary)) io.out(line);
        return EXIT.ok;
      }
      if (job.status !== 'running') { io.err(`nevsky balance: the run ${job.status === 'cancelled' ? 'was cancelled on the server' : `failed: ${job.error ?? 'no reason given'}`}`); return EXIT.invalid; }
      if (!run.json && performance.now() - lastLine > (tty ? 0 : 5000)) {
        lastLine = performance.now();
        const s = job.live;
        const text = `${job.done}/${job.total} games on the server${s ? ` · so far ${s.sides.map((x) => `${x.name} ${(100 * x.wins.rate).toFixed(1)}%`).join(', ')}, draws ${(100 * s.draws.rate).toFixed(1)}%` : ''}`;
        if (tty) process.stderr.write(`\r${text.slice(0, Math.max(20, (process.stderr.columns || 120) - 1)).padEnd(40)}`); else io.err(text);
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    process.off('SIGINT', onSignal);
  }
}
