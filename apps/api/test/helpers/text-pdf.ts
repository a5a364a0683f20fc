import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';

/**
 * A text-layer PDF of `text`, one line per row and fifty rows a page, in a standard font. With
 * `plain`, the catalog also holds that string as a literal outside any compressed stream, so the
 * file's bytes carry it readably (a file stored unencrypted is then found by a scan of its bytes).
 */
export async function textPdf(text: string, options: { plain?: string } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const lines = text.split('\n');
  for (let start = 0; start < lines.length; start += 50) {
    const page = doc.addPage([612, 792]);
    lines.slice(start, start + 50).forEach((line, index) => {
      // The standard font encodes Latin-1 only: anything else is written as a space.
      const safe = line.replace(/[^\x20-\x7e\xa0-\xff]/g, ' ');
      page.drawText(safe, { x: 40, y: 760 - index * 14, size: 9, font });
    });
  }
  if (options.plain === undefined) return Buffer.from(await doc.save());
  doc.catalog.set(PDFName.of('MusterNote'), PDFString.of(options.plain));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
