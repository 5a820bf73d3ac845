/**
 * Printing from the browser: loads the print module with a dynamic import the first time (so the editor starts
 * without pdfkit), builds the PDF while yielding to the event loop between pages, then opens or downloads it.
 */
import { ref, shallowRef } from 'vue';
import type { Scenario } from '../rules';
import type { PrintOptions } from '../pdf/options';
import type { PdfFonts } from '../pdf/fonts';
import regularUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';
import boldUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url';
import italicUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf?url';

type PrintModule = typeof import('../pdf');

let loading: Promise<PrintModule> | null = null;
/** The print module, loaded once on first use. */
export function loadPrintModule(): Promise<PrintModule> {
  loading ??= import('../pdf');
  return loading;
}

let fontsLoading: Promise<PdfFonts> | null = null;
/** DejaVu Sans (regular, bold, oblique), fetched as Vite assets the first time something is printed. */
export function loadPrintFonts(): Promise<PdfFonts> {
  fontsLoading ??= (async () => {
    const get = async (url: string): Promise<Uint8Array> => {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`could not load the print font (${res.status} ${res.statusText})`);
      return new Uint8Array(await res.arrayBuffer());
    };
    const [regular, bold, italic] = await Promise.all([get(regularUrl), get(boldUrl), get(italicUrl)]);
    return { regular, bold, italic };
  })();
  fontsLoading.catch(() => { fontsLoading = null; });
  return fontsLoading;
}

/** Let the browser paint and handle input between pages. */
const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** A file name from a title: "the-ford-at-uzmen-reference.pdf" (letters of any script are kept). */
export function pdfFileName(title: string, suffix: string): string {
  const slug = title.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
  return `${[...slug].slice(0, 60).join('') || 'scenario'}-${suffix}.pdf`;
}

export function usePrint() {
  const busy = ref(false);
  const progress = ref(0);
  const error = ref<string | null>(null);
  const url = shallowRef<string | null>(null);
  const fileName = ref('scenario-pack.pdf');
  /** Characters the last build printed as the placeholder. */
  const missing = ref<string[]>([]);

  function release(): void {
    if (url.value) URL.revokeObjectURL(url.value);
    url.value = null;
  }

  /** Build a PDF with the loaded print module; on success `url` holds a blob URL of it, named `name`. */
  async function build(make: (pdf: PrintModule, fonts: PdfFonts) => Promise<Uint8Array>, name: string): Promise<boolean> {
    busy.value = true;
    error.value = null;
    progress.value = 0;
    missing.value = [];
    release();
    try {
      const [pdf, fonts] = await Promise.all([loadPrintModule(), loadPrintFonts()]);
      const bytes = await make(pdf, fonts);
      url.value = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
      fileName.value = name;
      return true;
    } catch (err) {
      error.value = err instanceof Error ? err.message : String(err);
      return false;
    } finally {
      busy.value = false;
    }
  }

  /** Build the print pack of a scenario for the options. */
  function generate(scenario: Scenario, options: PrintOptions, name: string): Promise<boolean> {
    return build((pdf, fonts) => {
      const problems = pdf.checkPrintOptions(options);
      if (problems.length) throw new Error(problems.join('; '));
      // Plain copy: the builders must not see reactive proxies.
      const data = JSON.parse(JSON.stringify(scenario)) as Scenario;
      return pdf.buildPrintPdf(data, { ...options, fonts }, {
        pause,
        progress: (done, total) => { progress.value = done / total; },
        missing: (chars) => { missing.value = chars; },
      });
    }, name);
  }

  /** Open the generated PDF in a new tab (the browser's viewer prints it). */
  function open(): void {
    if (url.value) window.open(url.value, '_blank', 'noopener');
  }

  /** Save the generated PDF as a file. */
  function download(): void {
    if (!url.value) return;
    const a = document.createElement('a');
    a.href = url.value;
    a.download = fileName.value;
    a.click();
  }

  return { busy, progress, error, url, fileName, missing, build, generate, open, download, release };
}
