import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { ERR } from '@muster/contract/errors';
import { AppError } from '#src/lib/errors.ts';
import { MAX_IMAGE_PIXELS, buildPacketPdf, imageSize, type PacketInput } from './packet-pdf.ts';

/** A password-protected PDF as far as readers can tell: its trailer names an /Encrypt dictionary. */
const ENCRYPTED_PDF = Buffer.from(
  '%PDF-1.6\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    '5 0 obj<</Filter/Standard/V 2/R 3/O(x)/U(y)/P -3904>>endobj\n' +
    'trailer<</Root 1 0 R/Encrypt 5 0 R/ID[<01><02>]>>\n%%EOF\n',
  'latin1',
);

async function pdfOf(heading: string, pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    doc.addPage([612, 792]).drawText(`${heading} ${n}`, { x: 72, y: 700, font, size: 12 });
  }
  return doc.save();
}

const base = (sections: PacketInput['sections']): PacketInput => ({
  title: 'Claim packet: Test',
  claimName: 'Test',
  veteranName: 'Jordan Reyes',
  dateLabel: 'November 26, 2026',
  sections,
  maxPages: 2000,
});

describe('[CLAIMS][PACKET] assembly', () => {
  it('an unreadable or encrypted PDF is listed as left out, with the reason; the rest keeps its pages', async () => {
    const packet = await buildPacketPdf(
      base([
        {
          heading: 'Supporting documents',
          disabilityId: null,
          items: [
            { title: 'Locked', source: { kind: 'pdf', bytes: ENCRYPTED_PDF } },
            { title: 'Broken', source: { kind: 'pdf', bytes: Buffer.from('%PDF-1.4\nnot a pdf') } },
            { title: 'Records', source: { kind: 'pdf', bytes: await pdfOf('Records page', 2) } },
            { title: 'Gone', source: { kind: 'unavailable', reason: 'it was deleted meanwhile' } },
          ],
        },
      ]),
    );
    expect(packet.pages).toBe(4);
    expect(packet.index).toEqual([
      {
        title: 'Locked',
        disability_id: null,
        page: null,
        pages: 0,
        included: false,
        note: 'could not be included: the PDF is password-protected or encrypted',
      },
      expect.objectContaining({ title: 'Broken', included: false, page: null }),
      { title: 'Records', disability_id: null, page: 3, pages: 2, included: true },
      expect.objectContaining({
        title: 'Gone',
        note: 'could not be included: it was deleted meanwhile',
      }),
    ]);
    expect(packet.index[1]!.note).toMatch(
      /^could not be included: the PDF (could not be read|has no pages)$/,
    );
    const { text } = await extractText(new Uint8Array(packet.bytes), { mergePages: false });
    expect(text[1]).toContain('could not be included: the PDF is password-protected or encrypted');
    expect(text[2]).toMatch(/^Records page 1/);
    expect(text[3]).toContain('Page 4 of 4');
  });

  it('a packet over the page limit is refused (413) before it is drawn', async () => {
    const error = await buildPacketPdf({
      ...base([
        {
          heading: 'Back',
          disabilityId: '7d1e1a52-3c6b-4a51-9b55-3f0e9e0c2a11',
          items: [{ title: 'Long', source: { kind: 'pdf', bytes: await pdfOf('Long', 5) } }],
        },
      ]),
      maxPages: 6,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ERR.TOO_LARGE);
  });

  it('a PDF is counted before its pages are copied: one past the limit is refused without copying', async () => {
    // The limit is passed by the second PDF alone; the first would fit.
    const error = await buildPacketPdf({
      ...base([
        {
          heading: 'Back',
          disabilityId: '7d1e1a52-3c6b-4a51-9b55-3f0e9e0c2a11',
          items: [
            { title: 'Short', source: { kind: 'pdf', bytes: await pdfOf('Short', 2) } },
            { title: 'Huge', source: { kind: 'pdf', bytes: await pdfOf('Huge', 40) } },
          ],
        },
      ]),
      maxPages: 20,
    }).catch((caught: unknown) => caught);
    expect((error as AppError).code).toBe(ERR.TOO_LARGE);
  });

  it('reads a picture’s size from its header, and leaves out one too large to draw', async () => {
    // A PNG header announcing 30,000 × 30,000 pixels (3.6 GB once decoded), and nothing more.
    const huge = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000075300000753008060000000000000000',
      'hex',
    );
    expect(imageSize(huge, 'image/png')).toEqual({ width: 30_000, height: 30_000 });
    expect(30_000 * 30_000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    // A JPEG: SOI, an APP0 segment, then a baseline frame of 640 × 480.
    const jpeg = Buffer.from(
      'ffd8ffe000104a46494600010100000100010000ffc0000b080' + '1e00280' + '01011100',
      'hex',
    );
    expect(imageSize(jpeg, 'image/jpeg')).toEqual({ width: 640, height: 480 });
    expect(imageSize(Buffer.from('ffd8', 'hex'), 'image/jpeg')).toBeNull();

    const packet = await buildPacketPdf(
      base([
        {
          heading: 'Knee',
          disabilityId: '7d1e1a52-3c6b-4a51-9b55-3f0e9e0c2a11',
          items: [
            {
              title: 'Photo',
              source: { kind: 'image', bytes: huge, contentType: 'image/png', caption: 'Photo' },
            },
          ],
        },
      ]),
    );
    expect(packet.index).toEqual([
      expect.objectContaining({
        title: 'Photo',
        included: false,
        note: 'could not be included: the picture is too large to include (over 40 megapixels)',
      }),
    ]);
  });

  it('a long index runs over several pages and the items start after it', async () => {
    const items = await Promise.all(
      Array.from({ length: 80 }, async (_, index) => ({
        title: `Item ${index + 1}`,
        source: { kind: 'pdf' as const, bytes: await pdfOf(`Item ${index + 1} page`, 1) },
      })),
    );
    const packet = await buildPacketPdf(base([{ heading: 'Many', disabilityId: null, items }]));
    const indexPages = packet.index[0]!.page! - 2;
    expect(indexPages).toBeGreaterThan(1);
    expect(packet.pages).toBe(1 + indexPages + 80);
    const { text } = await extractText(new Uint8Array(packet.bytes), { mergePages: false });
    expect(text[2]).toMatch(/^Contents \(continued\)/);
    packet.index.forEach((entry, index) => {
      expect(text[entry.page! - 1]).toMatch(new RegExp(`^Item ${index + 1} page 1`));
    });
  });
});
