/** `nevsky serve` and `nevsky club init`: the club server (src/server), its database in a data folder or PostgreSQL. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { EXIT, intOption, UsageError, type Io } from '../io';
import type { Command } from '../command';

/** The installed package's folder (the one holding package.json), from the sources and from the built bundle alike. */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

function version(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

/** --public-url: an http(s) address with no path but an optional base path, without its trailing slash. */
function publicUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try { url = new URL(value); } catch { throw new UsageError(`--public-url: "${value.slice(0, 80)}" is not an address (write it as https://club.example.org)`); }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--public-url must start with http:// or https://');
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

const DATA_HELP = `  --data DIR        the club's data folder (default ./nevsky-club): its embedded PostgreSQL (PGlite)
                    lives there. With DATABASE_URL=postgres://... set, that PostgreSQL server is used instead.`;

export const serveCommand: Command = {
  name: 'serve',
  summary: 'run the club server: the app, the club API and live updates, for a club\'s members',
  usage: 'nevsky serve [--port P] [--host H] [--data DIR] [--public-url URL] [--trust-proxy]',
  help: `Serves the built app (dist/: "npm run build" in a checkout), the club API under /api and live updates.
Make the club first with "nevsky club init". Stops cleanly on Ctrl+C (SIGINT) or SIGTERM: requests under way
finish and the database is closed, so nothing is lost.
  --port P          the port to listen on (default 8080)
  --host H          the address to listen on (default 127.0.0.1; 0.0.0.0 for every network)
${DATA_HELP}
  --public-url URL  the address members reach the server at (behind a proxy, or a name): links start with it
  --trust-proxy     served behind a reverse proxy (nginx, Caddy): believe its X-Forwarded-Proto/-Host/-For, so
                    members on https get Secure cookies and links name the address they used. Only behind a proxy
                    that sets these headers itself: anyone reaching the server directly could forge them.`,
  async run(args: string[], io: Io): Promise<number> {
    const { values } = parseArgs({ args, options: { port: { type: 'string' }, host: { type: 'string' }, data: { type: 'string' }, 'public-url': { type: 'string' }, 'trust-proxy': { type: 'boolean' } } });
    const port = intOption('port', values.port, { min: 0, max: 65535 }) ?? 8080;
    const url = publicUrl(values['public-url']);
    const dist = join(packageRoot(), 'dist');
    if (!existsSync(join(dist, 'index.html'))) io.err('nevsky serve: warning: the app is not built (no dist/index.html): only the API is served. Run "npm run build" first.');
    const server = await import('../../server');
    const db = await server.openClubDb({ url: process.env.DATABASE_URL, dir: resolve(values.data ?? 'nevsky-club') });
    await server.serve({ db, port, host: values.host ?? '127.0.0.1', publicUrl: url, trustProxy: values['trust-proxy'] === true, dist, version: version(), say: io.out });
    return EXIT.ok;
  },
};

export const clubCommand: Command = {
  name: 'club',
  summary: 'club init: make a club and print the one-time link of its first organiser',
  usage: 'nevsky club init [--name NAME] [--data DIR] [--public-url URL]',
  help: `"club init" makes a club in the server's database and prints a one-time link (valid 7 days) with which
its first organiser signs up. Organisers then invite the other members from the app.
  --name NAME       the club's name (default "Our club")
${DATA_HELP}
  --public-url URL  the address members will reach the server at (default http://127.0.0.1:8080)`,
  async run(args: string[], io: Io): Promise<number> {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { name: { type: 'string' }, data: { type: 'string' }, 'public-url': { type: 'string' } } });
    if (positionals[0] !== 'init' || positionals.length !== 1) throw new UsageError('say "nevsky club init"');
    const name = (values.name ?? 'Our club').trim();
    if (!name || name.length > 80) throw new UsageError('--name must be 1 to 80 characters');
    const server = await import('../../server');
    const db = await server.openClubDb({ url: process.env.DATABASE_URL, dir: resolve(values.data ?? 'nevsky-club') });
    try {
      const made = await server.createClub(db, name, publicUrl(values['public-url']) ?? 'http://127.0.0.1:8080');
      io.out(`Made the club "${name}" (${db.kind}).`);
      io.out(`Its first organiser signs up with this one-time link (valid until ${made.expires}):`);
      io.out(made.link);
    } finally {
      await db.close();
    }
    return EXIT.ok;
  },
};
