import { fileURLToPath } from "node:url";

/** A PDF opened with pdfjs (no eval, its standard fonts from node_modules) for tests to read its text. */
export async function openPdf(bytes: Buffer) {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const root = fileURLToPath(new URL("../../node_modules/pdfjs-dist/", import.meta.url));
  return getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    standardFontDataUrl: `${root}standard_fonts/`,
    verbosity: 0,
  }).promise;
}
