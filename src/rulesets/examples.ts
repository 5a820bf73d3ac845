/** The example rosters shipped in templates/rosters/, by id (the file name), for the command line. */
import dewittEnglishRetinue from '../../templates/rosters/dewitt-english-retinue.json';
import nevskyTeutonicDivision from '../../templates/rosters/nevsky-teutonic-division.json';
import splendidVictoryEasternAssociation from '../../templates/rosters/splendid-victory-eastern-association.json';

export const ROSTER_EXAMPLES: ReadonlyArray<{ id: string; roster: unknown }> = [
  { id: 'dewitt-english-retinue', roster: dewittEnglishRetinue },
  { id: 'nevsky-teutonic-division', roster: nevskyTeutonicDivision },
  { id: 'splendid-victory-eastern-association', roster: splendidVictoryEasternAssociation },
];
