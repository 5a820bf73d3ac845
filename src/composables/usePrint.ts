/**
 * Printing from the browser: loads the print module with a dynamic import the first time (so the editor starts
 * without pdfkit), builds the PDF while yielding to the event loop between pages, then opens or downloads it.
 */
import { ref, shallowRef } from 'vue';
import type { Scenario } from '../rules';
import type { PrintOptions } from '../pdf/options';

type PrintModule = typeof import('../pdf');

let loading: Promise<PrintModule> | null = null;
/** The print module, loaded once on first use. */
export function loadPrintModule(): Promise<PrintModule> {
  loading ??= import('../pdf');
  return loading;
}

/** Let the browser paint and handle input between pages. */
const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** A file name from the scenario title: "the-ford-at-uzmen-print.pdf". */
export function pdfFileName(title: string, suffix = 'print'): string {
  const slug = title.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return `${slug || 'scenario'}-${suffix}.pdf`;
}

export function usePrint() {
  const busy = ref(false);
  const progress = ref(0);
  const error = ref<string | null>(null);
  const url = shallowRef<string | null>(null);
  const fileName = ref('scenario-print.pdf');

  function release(): void {
    if (url.value) URL.revokeObjectURL(url.value);
    url.value = null;
  }

  /** Build a PDF with the loaded print module; on success `url` holds a blob URL of it, named `name`. */
  async function build(make: (pdf: PrintModule) => Promise<Uint8Array>, name: string): Promise<boolean> {
    busy.value = true;
    error.value = null;
    progress.value = 0;
    release();
    try {
      const bytes = await make(await loadPrintModule());
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
  function generate(scenario: Scenario, options: PrintOptions): Promise<boolean> {
    return build((pdf) => {
      const problems = pdf.checkPrintOptions(options);
      if (problems.length) throw new Error(problems.join('; '));
      // Plain copy: the builders must not see reactive proxies.
      const data = JSON.parse(JSON.stringify(scenario)) as Scenario;
      return pdf.buildPrintPdf(data, options, {
        pause,
        progress: (done, total) => { progress.value = done / total; },
      });
    }, pdfFileName(scenario.meta.title));
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

  return { busy, progress, error, url, fileName, build, generate, open, download, release };
}
