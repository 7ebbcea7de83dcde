/**
 * A minimal PDF writer for tests: pages of text in Helvetica (a real text layer, as a prize list exported
 * from a word processor has) or one full-page JPEG (a scanned page, no text layer). US Letter, 72 dpi units.
 */

export interface PdfTextLine {
  text: string;
  x: number;
  /** From the top of the page, in points. */
  y: number;
  size: number;
}

export type PdfPage = (
  | { kind: "text"; lines: PdfTextLine[] }
  | { kind: "scan"; jpeg: Buffer; width: number; height: number }
) & {
  /** The page's size in points when it is not US Letter (a 7,200-pt page is 100 inches square). */
  mediaBox?: { width: number; height: number };
};

export const PAGE_WIDTH = 612;
export const PAGE_HEIGHT = 792;

/** Helvetica's standard encoding covers ASCII; typographic dashes and quotes become their plain forms. */
function pdfString(text: string): string {
  const ascii = text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, "-")
    .replace(/[^\x20-\x7e]/g, "?");
  return `(${ascii.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

export function makePdf(pages: readonly PdfPage[]): Buffer {
  const objects: Buffer[] = [];
  const add = (body: string | Buffer) => {
    objects.push(typeof body === "string" ? Buffer.from(body, "latin1") : body);
    return objects.length;
  };
  const stream = (dict: string, data: Buffer) =>
    Buffer.concat([
      Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, "latin1"),
      data,
      Buffer.from("\nendstream", "latin1"),
    ]);

  const catalog = add("");
  const pageTree = add("");
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const pageIds: number[] = [];
  for (const page of pages) {
    let resources: string;
    let content: string;
    if (page.kind === "text") {
      resources = `<< /Font << /F1 ${font} 0 R >> >>`;
      content = page.lines
        .map((l) => `BT /F1 ${l.size} Tf ${l.x} ${PAGE_HEIGHT - l.y} Td ${pdfString(l.text)} Tj ET`)
        .join("\n");
    } else {
      const image = add(
        stream(
          `/Type /XObject /Subtype /Image /Width ${page.width} /Height ${page.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode`,
          page.jpeg,
        ),
      );
      resources = `<< /XObject << /Im1 ${image} 0 R >> >>`;
      content = `q ${PAGE_WIDTH} 0 0 ${PAGE_HEIGHT} 0 0 cm /Im1 Do Q`;
    }
    const contents = add(stream("", Buffer.from(content, "latin1")));
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 ${page.mediaBox?.width ?? PAGE_WIDTH} ${page.mediaBox?.height ?? PAGE_HEIGHT}] /Resources ${resources} /Contents ${contents} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = Buffer.from(`<< /Type /Catalog /Pages ${pageTree} 0 R >>`, "latin1");
  objects[pageTree - 1] = Buffer.from(
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`,
    "latin1",
  );

  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, "latin1"),
      body,
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>`,
    "startxref",
    String(offset),
    "%%EOF",
  ].join("\n");
  parts.push(Buffer.from(`${xref}\n`, "latin1"));
  return Buffer.concat(parts);
}
