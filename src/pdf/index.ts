/** The print pack: pdfkit documents built from scenario data, shared by the browser (lazy-loaded) and the CLI. */
export * from './options';
export {
  buildPrintPdf, buildPrintFiles, printPlan, scenarioTexts, missingWarning, fileSlug, documentFileName, packFileName,
  DOCUMENT_TITLES, type BuildHooks, type PrintPlan, type PlanEntry,
} from './pack';
export {
  buildReferencePdf, buildRosterPdf, drawReference, referenceLayout, referencePages, LARGE_PRINT_LAYOUT, REFERENCE_LAYOUT, type ReferencePdfOptions, type SheetPdfOptions,
} from './ruleset-pdfs';
export { planTiles, axisWindows, type Tile, type TilePlan, type TileInput } from './tiling';
export { tilePlanFor, TILE_MARGIN, TILE_OVERLAP, CUT_OFFSET } from './map-tiles';
export { briefingBand, fitOrientation, fitSquare, mapBriefing, rulesLine, type MapBriefing } from './map-fit';
export { hasSideBriefings, NOTES_NOT_ENFORCED, sideBriefingSheet, sideBriefingSheets } from './briefings';
export { renderSheet, sheetPages, TICK_BOX, type SheetRenderOptions } from './sheet';
export { rosterSheets, rosterSheet, glossaryLine } from './roster';
export { layoutCounters, counterSpecs, mapSquarePt, standsPerRow, UNIT_SHARE, type CounterLayout, type CounterSpec } from './counters';
export { unprintableCharacters, describeCharacters, cleanText, PLACEHOLDER, type PdfFonts } from './fonts';
export { battleReportPdf, reportStages, stageLines, lossSquares, type ReportOptions, type ReportStage } from './battle-report';
export { buildBookletPdf, bookletPages, briefingSheet, type BookletOptions } from './booklet';
