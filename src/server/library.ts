/**
 * The club library: scenarios and rosters shared with the club, every version kept (who, when, a one-line summary of
 * what changed). Saves are revision-checked: a save made from an older revision than the entry's is refused with the
 * current one (409), so two members never silently overwrite each other. Documents are read as the app reads files:
 * migrated, and refused when unreadable (schema, version), with set-up problems allowed (work in progress).
 */
import type { FastifyInstance } from 'fastify';
import { parseRoster } from '../rulesets';
import { parseScenario } from '../scenario';
import type { Db } from './db';
import { newId } from './auth';
import { HttpError } from './errors';
import type { Live } from './live';

type Kind = 'scenario' | 'roster';

/** The document as stored (migrated), and its title; a 422 naming the first problem when it is unreadable. */
function readDoc(kind: Kind, doc: unknown): { doc: unknown; title: string } {
  const text = JSON.stringify(doc);
  if (kind === 'scenario') {
    const r = parseScenario(text);
    if (!r.ok) throw new HttpError(422, `The scenario cannot be read: ${problem(r.diagnostics)}`);
    return { doc: r.scenario, title: r.scenario.meta.title };
  }
  const r = parseRoster(text);
  if (!r.ok) throw new HttpError(422, `The roster cannot be read: ${problem(r.diagnostics)}`);
  return { doc: r.roster, title: r.roster.meta.title };
}

function problem(diagnostics: ReadonlyArray<{ message: string; path?: string }>): string {
  const d = diagnostics.find((x) => x.message) ?? diagnostics[0];
  return d ? `${d.message}${d.path ? ` (at ${d.path})` : ''}` : 'unknown problem';
}

const summary = { type: 'string', minLength: 1, maxLength: 200 } as const;
const idParams = { type: 'object', properties: { id: { type: 'string', minLength: 1, maxLength: 40 } } } as const;

export async function libraryRoutes(club: FastifyInstance, db: Db, live: Live): Promise<void> {
  /** The entry of the member's club, or a 404 (an entry of another club is never told apart from none). */
  async function entryOf(clubId: string, id: string) {
    const [e] = await db.query<{ id: string; kind: Kind; title: string; revision: number }>('select id, kind, title, revision from entries where id = $1 and club_id = $2', [id, clubId]);
    if (!e) throw new HttpError(404, 'No such entry in your club\'s library.');
    return e;
  }

  club.get('/api/library', async (req) => ({
    entries: await db.query(
      `select e.id, e.kind, e.title, e.revision, e.updated_at, m.name as updated_by from entries e
       join versions v on v.entry_id = e.id and v.revision = e.revision join members m on m.id = v.author_id
       where e.club_id = $1 order by e.updated_at desc`, [req.member!.club_id]),
  }));

  club.post<{ Body: { kind: Kind; doc: unknown; summary?: string } }>('/api/library', {
    schema: { body: { type: 'object', additionalProperties: false, required: ['kind', 'doc'], properties: { kind: { enum: ['scenario', 'roster'] }, doc: { type: 'object' }, summary } } },
  }, async (req, reply) => {
    const m = req.member!;
    const { doc, title } = readDoc(req.body.kind, req.body.doc);
    const id = newId();
    await db.tx(async (q) => {
      await q('insert into entries (id, club_id, kind, title, revision, created_by) values ($1, $2, $3, $4, 1, $5)', [id, m.club_id, req.body.kind, title, m.id]);
      await q('insert into versions (entry_id, revision, doc, summary, author_id) values ($1, 1, $2, $3, $4)', [id, JSON.stringify(doc), req.body.summary ?? 'Published to the club', m.id]);
    });
    live.tell(m.club_id, { type: 'entry', id, revision: 1, kind: req.body.kind, title, by: m.name });
    return reply.code(201).send({ id, revision: 1 });
  });

  club.get<{ Params: { id: string } }>('/api/library/:id', { schema: { params: idParams } }, async (req) => {
    const e = await entryOf(req.member!.club_id, req.params.id);
    const [v] = await db.query<{ doc: unknown }>('select doc from versions where entry_id = $1 and revision = $2', [e.id, e.revision]);
    return { ...e, doc: v!.doc };
  });

  club.get<{ Params: { id: string } }>('/api/library/:id/versions', { schema: { params: idParams } }, async (req) => {
    const e = await entryOf(req.member!.club_id, req.params.id);
    return {
      ...e,
      versions: await db.query('select v.revision, v.summary, v.created_at, m.name as author from versions v join members m on m.id = v.author_id where v.entry_id = $1 order by v.revision desc', [e.id]),
    };
  });

  club.get<{ Params: { id: string; revision: number } }>('/api/library/:id/versions/:revision', {
    schema: { params: { type: 'object', properties: { id: idParams.properties.id, revision: { type: 'integer', minimum: 1 } } } },
  }, async (req) => {
    const e = await entryOf(req.member!.club_id, req.params.id);
    const [v] = await db.query('select v.revision, v.summary, v.created_at, m.name as author, v.doc from versions v join members m on m.id = v.author_id where v.entry_id = $1 and v.revision = $2', [e.id, req.params.revision]);
    if (!v) throw new HttpError(404, `The entry has no version ${req.params.revision}.`);
    return v;
  });

  /** Save a new version made from revision `base`: refused with the current revision when another save came first. */
  async function save({ club_id: clubId, id: memberId, name }: { club_id: string; id: string; name: string }, id: string, base: number, doc: unknown, note: string) {
    const out = await db.tx(async (q) => {
      const [e] = await q<{ kind: Kind; revision: number }>('select kind, revision from entries where id = $1 and club_id = $2 for update', [id, clubId]);
      if (!e) throw new HttpError(404, 'No such entry in your club\'s library.');
      if (e.revision !== base) {
        throw Object.assign(new HttpError(409, `Someone saved this entry since your copy (revision ${base}; it is now at revision ${e.revision}): open the new version, then make your change again.`), { current: e.revision });
      }
      const read = readDoc(e.kind, doc);
      const revision = e.revision + 1;
      await q('insert into versions (entry_id, revision, doc, summary, author_id) values ($1, $2, $3, $4, $5)', [id, revision, JSON.stringify(read.doc), note, memberId]);
      await q('update entries set revision = $2, title = $3, updated_at = now() where id = $1', [id, revision, read.title]);
      return { revision, kind: e.kind, title: read.title };
    });
    live.tell(clubId, { type: 'entry', id, ...out, by: name });
    return { id, revision: out.revision };
  }

  club.put<{ Params: { id: string }; Body: { base: number; doc: unknown; summary: string } }>('/api/library/:id', {
    schema: { params: idParams, body: { type: 'object', additionalProperties: false, required: ['base', 'doc', 'summary'], properties: { base: { type: 'integer', minimum: 1 }, doc: { type: 'object' }, summary } } },
  }, async (req) => save(req.member!, req.params.id, req.body.base, req.body.doc, req.body.summary));

  club.post<{ Params: { id: string }; Body: { base: number; revision: number } }>('/api/library/:id/restore', {
    schema: { params: idParams, body: { type: 'object', additionalProperties: false, required: ['base', 'revision'], properties: { base: { type: 'integer', minimum: 1 }, revision: { type: 'integer', minimum: 1 } } } },
  }, async (req) => {
    const e = await entryOf(req.member!.club_id, req.params.id);
    const [v] = await db.query<{ doc: unknown }>('select doc from versions where entry_id = $1 and revision = $2', [e.id, req.body.revision]);
    if (!v) throw new HttpError(404, `The entry has no version ${req.body.revision}.`);
    return save(req.member!, e.id, req.body.base, v.doc, `Restored version ${req.body.revision}`);
  });
}
