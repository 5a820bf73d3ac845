/** Scenario files: parse, serialise, migrate, share links, defaults and templates. */
export * from './serialize';
export * from './migrate';
export * from './parse';
export * from './share';
export * from './defaults';
export * from './templates';
export * from './limits';
export * from './messageLink';
export * from './variants';
