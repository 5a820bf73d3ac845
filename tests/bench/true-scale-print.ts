/**
 * Child process of the limits bench: prints the largest allowed scenario's map at true scale on one paper and
 * square size, then writes one JSON line: build time, PDF bytes, pages and the process's peak memory (max RSS).
 * Run in a child so that each print's peak memory is its own: `tsx tests/bench/true-scale-print.ts a4 25mm`.
 */
import { buildPrintFiles, type Paper, type PrintOptions } from '../../src/pdf';
import { templateScenario } from '../../src/scenario';
import { largestScenario } from './largest-scenario';

const [paper, scale] = process.argv.slice(2) as [Paper, Exclude<PrintOptions['scale'], 'fit'>];
const opts: PrintOptions = { paper, scale, ink: 'color', correction: 100, documents: ['map'], printedOn: '2026-11-26' };
const { scenario, text } = largestScenario();
await buildPrintFiles(templateScenario('open-field')!, opts); // warm-up: fonts and modules
const start = performance.now();
const [file] = await buildPrintFiles(scenario, opts);
const ms = performance.now() - start;
const pdf = Buffer.from(file!.bytes);
// Page objects of the PDF (its /Pages tree node says /Type /Pages, which the word boundary leaves out).
const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
console.log(JSON.stringify({ ms, bytes: pdf.length, pages, maxRssKb: process.resourceUsage().maxRSS, fileBytes: text.length, riverEdges: scenario.terrain?.rivers?.reduce((n, r) => n + r.edges.length, 0) ?? 0 }));
