/** The other rule sets (and Nevsky beside them): registry, roster files, points, reference-sheet content. */
export * from './types';
export * from './sheet';
export * from './registry';
export * from './names';
export * from './roster';
export * from './roster-sheet';
export * from './diagnostics';
export * from './odds';
export * from './sheet-text';
export * from './splendid-victory';
export * from './splendid-victory-sheet';
export * from './splendid-victory-profile';
export * from './dewitt-medieval';
export * from './dewitt-sheet';
export * from './dewitt-profile';
export * from './ancients-quick';
export * from './nevsky';
