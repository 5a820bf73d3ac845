/** svg.js board drawing: plain data + view state in, no store access. */
export * from './board';
export * from './layout';
export * from './roads';
