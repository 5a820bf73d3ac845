/** The print pack: pdfkit documents built from scenario data, shared by the browser (lazy-loaded) and the CLI. */
export * from './options';
export { buildPrintPdf, buildPrintFiles, buildReferencePdf, DOCUMENT_TITLES, type BuildHooks } from './pack';
export { planTiles, axisWindows, type Tile, type TilePlan, type TileInput } from './tiling';
export { tilePlanFor, TILE_MARGIN, TILE_OVERLAP, CUT_OFFSET } from './map-tiles';
export { fitOrientation, fitSquare, rulesLine } from './map-fit';
export { renderSheet, TICK_BOX, type SheetRenderOptions } from './sheet';
export { rosterSheets, rosterSheet, glossaryLine } from './roster';
