import { ReasonError } from '../reasons';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;
// Loaded on first use: most processes never parse a PDF, and the library is large.
const loadPdfJs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/**
 * The text of a PDF, page by page (pages apart as paragraphs), with pdfjs-dist's build for Node. A PDF that
 * needs a password → FILE_ENCRYPTED; one pdfjs cannot read → FILE_CORRUPT. `onPage` reports progress and may
 * throw to stop (a cancelled job).
 */
export async function pdfText(
  bytes: Uint8Array,
  onPage?: (done: number, total: number) => Promise<void>,
): Promise<string> {
  const { getDocument } = await loadPdfJs();
  // pdfjs takes ownership of (and detaches) the buffer it is given: hand it a copy.
  const task = getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    stopAtErrors: false,
  });
  let document: Awaited<typeof task.promise>;
  try {
    document = await task.promise;
  } catch (error) {
    // pdfjs 5 does not export the class: its name is the stable part.
    if ((error as { name?: string } | null)?.name === 'PasswordException') throw new ReasonError('FILE_ENCRYPTED');
    throw new ReasonError('FILE_CORRUPT');
  }
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      let content: Awaited<ReturnType<Awaited<ReturnType<typeof document.getPage>>['getTextContent']>>;
      try {
        const page = await document.getPage(number);
        content = await page.getTextContent();
        page.cleanup();
      } catch {
        throw new ReasonError('FILE_CORRUPT');
      }
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      pages.push(text);
      await onPage?.(number, document.numPages);
    }
    return pages.join('\n\n');
  } finally {
    await document.destroy();
  }
}
