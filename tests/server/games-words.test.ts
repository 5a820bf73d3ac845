/** Issue 40: the words of "Your games" (whose turn, time left, results) and the page title on one's turn. */
import { describe, expect, test } from 'vitest';
import { myTurns, timeLeft, titleWithTurns, turnWords, type ClubGame } from '../../src/club/games';

const game = (over: Partial<ClubGame>): ClubGame => ({
  id: 'g', game: 'p', title: 'Open Field', entryId: 'e', days: 3, status: 'playing', open: false,
  inviter: { id: 'anna', name: 'Anna', side: 'teutonic' }, opponent: { id: 'boris', name: 'Boris', side: 'novgorod' },
  count: 2, turn: 'anna', dueAt: null, reminder: false, result: null, claims: {}, createdAt: '', updatedAt: '', ...over,
});

describe('your games in words', () => {
  test('whose turn, from each player\'s side', () => {
    expect(turnWords(game({}), 'anna')).toBe('Your turn');
    expect(turnWords(game({}), 'boris')).toBe('Anna\'s turn');
    expect(turnWords(game({ status: 'waiting', turn: 'boris' }), 'boris')).toBe('Your turn: accept the challenge');
    expect(turnWords(game({ status: 'waiting', turn: 'boris' }), 'anna')).toBe('Waiting for Boris to accept');
    expect(turnWords(game({ status: 'waiting', open: true, opponent: null, turn: null }), 'anna')).toBe('Open to any member: waiting for someone to join');
    expect(turnWords(game({ status: 'finished', turn: null, result: { winner: 'boris', by: 'time' } }), 'boris')).toBe('You won on time');
    expect(turnWords(game({ status: 'finished', turn: null, result: { winner: 'boris', by: 'time' } }), 'anna')).toBe('Boris won on time');
    expect(turnWords(game({ status: 'finished', turn: null, result: { winner: null, by: 'play' } }), 'anna')).toBe('Finished: a draw');
  });

  test('the games where it is one\'s turn: a challenge to one counts, an open game one made does not', () => {
    const list = [game({ id: 'a' }), game({ id: 'b', turn: 'boris' }), game({ id: 'c', status: 'waiting', turn: 'boris' }), game({ id: 'd', status: 'waiting', open: true, opponent: null, turn: null }), game({ id: 'e', status: 'finished', turn: null })];
    expect(myTurns(list, 'anna').map((g) => g.id)).toEqual(['a']);
    expect(myTurns(list, 'boris').map((g) => g.id)).toEqual(['b', 'c']);
  });

  test('time left and the title', () => {
    const now = Date.parse('2026-11-29T00:00:00Z');
    expect(timeLeft('2026-12-01T03:00:00Z', now)).toBe('2 days 3 h left');
    expect(timeLeft('2026-11-29T05:00:00Z', now)).toBe('5 h left');
    expect(timeLeft('2026-11-29T00:40:00Z', now)).toBe('40 min left');
    expect(timeLeft('2026-11-28T00:00:00Z', now)).toBe('time is up');
    expect(timeLeft(null, now)).toBe('');
    expect(titleWithTurns('Nevsky Studio', 2)).toBe('(2) Your turn · Nevsky Studio');
    expect(titleWithTurns('Nevsky Studio', 0)).toBe('Nevsky Studio');
  });
});
