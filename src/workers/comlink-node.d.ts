// Types for comlink's Node adapter (shipped as .mjs beside a plain .d.ts).
declare module 'comlink/dist/esm/node-adapter.mjs' {
  export { default } from 'comlink/dist/esm/node-adapter';
}
