/** Live updates: each club's connected members hear of every change in that club (server-sent events). */
/** `by`: the name of the member who published or saved it. */
export type LiveEvent = { type: 'entry'; id: string; revision: number; kind: string; title: string; by?: string }
  /** A game at a distance changed (told to its players only): its messages so far, its status, a time reminder. */
  | { type: 'game'; id: string; count: number; status: string; reminder?: true };

interface Listener { member?: string; write(e: LiveEvent): void; end(): void }

export class Live {
  private readonly clubs = new Map<string, Set<Listener>>();

  /** Listen to a club's changes until the returned function is called (or the server closes: `end` then). */
  join(club: string, listener: Listener): () => void {
    let set = this.clubs.get(club);
    if (!set) this.clubs.set(club, (set = new Set()));
    set.add(listener);
    return () => { set.delete(listener); };
  }

  tell(club: string, event: LiveEvent): void {
    for (const l of this.clubs.get(club) ?? []) l.write(event);
  }

  /** End a member's open streams (the member was revoked). */
  endMember(member: string): void {
    for (const set of this.clubs.values()) {
      for (const l of set) if (l.member === member) { set.delete(l); l.end(); }
    }
  }

  /** Tell only these members of the club (a game's players). */
  tellMembers(club: string, members: readonly string[], event: LiveEvent): void {
    for (const l of this.clubs.get(club) ?? []) if (l.member !== undefined && members.includes(l.member)) l.write(event);
  }

  /** End every open stream (the server is shutting down). */
  close(): void {
    for (const set of this.clubs.values()) for (const l of set) l.end();
    this.clubs.clear();
  }
}
