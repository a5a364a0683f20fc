import {
  PDFDocument,
  StandardFonts,
  rgb,
  type PDFEmbeddedPage,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';
import type { ClaimPacketIndexEntry } from '@muster/contract/claims';
import { ERR } from '@muster/contract/errors';
import { AppError } from '#src/lib/errors.ts';
import { OBJECTS_PER_TICK } from '#src/lib/pdf-forms/form-fields.ts';
import { LETTER } from '#src/lib/pdf-forms/page-flow.ts';
import {
  drawCover,
  drawIndex,
  fitWidth,
  oneLine,
  paginateIndex,
  planPages,
  stampPageNumbers,
  type IndexRow,
  type PacketFonts,
} from './packet-layout.ts';

/**
 * Puts a claim packet together from what the service gathered: the cover, the index, then each
 * item's pages in order, every page stamped "Page N of M". Pure: bytes in, bytes out.
 */

/**
 * Where an item's pages come from:
 * - `generated`: a PDF Muster drew (a statement, a letter). Its pages are placed on pages of
 *   their own without their footer, since the packet numbers every page itself; `banner` is drawn
 *   first at the top of its first page (a draft's warning).
 * - `pdf`: a PDF the veteran gave; its pages are copied in as they are.
 * - `image`: a JPEG or PNG the veteran gave, drawn on a Letter page under `caption`.
 * - `unavailable`: nothing to include; `reason` says why.
 */
export type PacketSource =
  | { kind: 'generated'; bytes: Uint8Array; banner?: string }
  | { kind: 'pdf'; bytes: Uint8Array }
  | { kind: 'image'; bytes: Uint8Array; contentType: 'image/jpeg' | 'image/png'; caption: string }
  | { kind: 'unavailable'; reason: string };

export type PacketItem = {
  title: string;
  /** What to know about an included item (a draft), shown under it in the index. */
  note?: string;
  source: PacketSource;
};

/** A section of the packet: one disability of the claim, or the supporting documents. */
export type PacketSection = {
  heading: string;
  disabilityId: string | null;
  items: PacketItem[];
  /** Shown in the index when the section has no items. */
  emptyNote?: string;
};

export type PacketInput = {
  title: string;
  claimName: string;
  veteranName: string | null;
  dateLabel: string;
  sections: PacketSection[];
  /** More pages than this are refused (413) before anything is drawn. */
  maxPages: number;
};

export type PacketOutput = { bytes: Uint8Array; pages: number; index: ClaimPacketIndexEntry[] };

/** The footer band of Muster's own pages (their "Page N of M" sits at 36 pt) left off when placed. */
const GENERATED_FOOTER = 54;
const BANNER_COLOR = rgb(0.7, 0.1, 0.1);

/** An item made ready to place: its pages (added in order), or why it cannot be. */
type Prepared = { count: number; place: (doc: PDFDocument) => void } | { count: 0; reason: string };

const ENCRYPTED = 'the PDF is password-protected or encrypted';
const UNREADABLE = 'the PDF could not be read';

function tooManyPages(maxPages: number, total?: number): AppError {
  return new AppError(ERR.TOO_LARGE, {
    detail: `${
      total === undefined
        ? 'The packet would have too many pages'
        : `The packet would have ${total.toLocaleString('en-US')} pages`
    }; at most ${maxPages.toLocaleString('en-US')} fit in one. Leave out some supporting documents.`,
  });
}

/** Loads a PDF; an encrypted one is loaded too (its pages unreadable), so the caller can say so. */
async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(bytes, {
    updateMetadata: false,
    parseSpeed: OBJECTS_PER_TICK,
    ignoreEncryption: true,
  });
}

/**
 * The most pixels a picture may have to go in a packet (about 40 megapixels, a full-page scan at
 * 600 dpi). Drawing a picture decodes all of it in memory, four bytes a pixel: a small file that
 * announces a huge picture would otherwise take gigabytes.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
const TOO_MANY_PIXELS = 'the picture is too large to include (over 40 megapixels)';

/**
 * The width and height a PNG or JPEG announces, read from its header without decoding it; null
 * when the header cannot be read.
 */
export function imageSize(
  bytes: Uint8Array,
  contentType: 'image/png' | 'image/jpeg',
): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (contentType === 'image/png') {
    // The signature (8 bytes), then the IHDR chunk: length, type, width, height.
    if (bytes.length < 24) return null;
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  // JPEG: walk the markers to the first start-of-frame, which holds the height and the width.
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    const length = view.getUint16(offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    offset += 2 + length;
  }
  return null;
}

async function prepare(
  doc: PDFDocument,
  source: PacketSource,
  fonts: PacketFonts,
  pagesLeft: number,
): Promise<Prepared> {
  switch (source.kind) {
    case 'unavailable':
      return { count: 0, reason: source.reason };
    case 'generated': {
      const own = await loadPdf(source.bytes);
      const embedded: PDFEmbeddedPage[] = await doc.embedPages(
        own.getPages(),
        own.getPages().map((page) => ({
          left: 0,
          bottom: GENERATED_FOOTER,
          right: page.getWidth(),
          top: page.getHeight(),
        })),
      );
      if (embedded.length === 0) return { count: 0, reason: 'it has no pages' };
      return {
        count: embedded.length,
        place: (target) =>
          embedded.forEach((content, index) => {
            const page = target.addPage([content.width, content.height + GENERATED_FOOTER]);
            // Drawn first, so the warning also comes first in the page's text.
            if (index === 0 && source.banner) drawBanner(page, source.banner, fonts);
            page.drawPage(content, { x: 0, y: GENERATED_FOOTER });
          }),
      };
    }
    case 'pdf': {
      let copied: PDFPage[];
      try {
        const given = await loadPdf(source.bytes);
        if (given.isEncrypted) return { count: 0, reason: ENCRYPTED };
        // Counted before any page is copied: a small file can hold a great many pages.
        if (given.getPageCount() > pagesLeft) throw tooManyPages(pagesLeft);
        copied = await doc.copyPages(given, given.getPageIndices());
      } catch (error) {
        if (error instanceof AppError) throw error;
        // Whatever the parser could not make sense of, the index says the PDF could not be read.
        return { count: 0, reason: UNREADABLE };
      }
      if (copied.length === 0) return { count: 0, reason: 'the PDF has no pages' };
      return { count: copied.length, place: (target) => copied.forEach((p) => target.addPage(p)) };
    }
    case 'image': {
      const size = imageSize(source.bytes, source.contentType);
      if (!size) return { count: 0, reason: 'the picture could not be read' };
      if (size.width * size.height > MAX_IMAGE_PIXELS) return { count: 0, reason: TOO_MANY_PIXELS };
      let image: PDFImage;
      try {
        image =
          source.contentType === 'image/png'
            ? await doc.embedPng(source.bytes)
            : await doc.embedJpg(source.bytes);
      } catch {
        return { count: 0, reason: 'the picture could not be read' };
      }
      return {
        count: 1,
        place: (target) =>
          drawImagePage(
            target.addPage([LETTER.width, LETTER.height]),
            image,
            source.caption,
            fonts,
          ),
      };
    }
  }
}

function drawBanner(page: PDFPage, text: string, fonts: PacketFonts): void {
  const line = fitWidth(fonts.bold, oneLine(text), 13, page.getWidth() - 144);
  page.drawText(line, {
    x: 72,
    y: page.getHeight() - 46,
    font: fonts.bold,
    size: 13,
    color: BANNER_COLOR,
  });
}

/** A picture on a Letter page of its own, under its caption, as large as fits. */
function drawImagePage(page: PDFPage, image: PDFImage, caption: string, fonts: PacketFonts): void {
  const margin = 54;
  const text = fitWidth(fonts.bold, oneLine(caption), 12, LETTER.width - 2 * margin);
  page.drawText(text, { x: margin, y: LETTER.height - margin - 12, font: fonts.bold, size: 12 });
  const box = { width: LETTER.width - 2 * margin, height: LETTER.height - 2 * margin - 30 };
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, {
    x: margin + (box.width - width) / 2,
    y: margin + (box.height - height),
    width,
    height,
  });
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

export async function buildPacketPdf(input: PacketInput): Promise<PacketOutput> {
  // No metadata dates: the same input gives the same file.
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(input.title);
  doc.setCreator('Muster');
  doc.setProducer('Muster (pdf-lib)');
  doc.setLanguage('en-US');
  const fonts: PacketFonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };

  // Each item, made ready in order (one at a time: a large PDF is parsed while nothing else is).
  const items: { item: PacketItem; disabilityId: string | null; prepared: Prepared }[] = [];
  const rows: IndexRow[] = [];
  for (const section of input.sections) {
    rows.push({ kind: 'section', text: section.heading });
    if (section.items.length === 0 && section.emptyNote) {
      rows.push({ kind: 'note', text: section.emptyNote });
    }
    for (const item of section.items) {
      const used = items.reduce((sum, { prepared }) => sum + prepared.count, 0);
      const prepared = await prepare(doc, item.source, fonts, input.maxPages - used);
      rows.push({ kind: 'item', text: item.title, item: items.length });
      const note = 'reason' in prepared ? `could not be included: ${prepared.reason}` : item.note;
      if (note) rows.push({ kind: 'note', text: note });
      items.push({ item, disabilityId: section.disabilityId, prepared });
    }
  }

  const rowsByPage = paginateIndex(rows);
  const { starts, total } = planPages(
    rowsByPage.length,
    items.map(({ prepared }) => prepared.count),
  );
  if (total > input.maxPages) throw tooManyPages(input.maxPages, total);

  const cover = doc.addPage([LETTER.width, LETTER.height]);
  const indexPages = rowsByPage.map(() => doc.addPage([LETTER.width, LETTER.height]));
  for (const { prepared } of items) if ('place' in prepared) prepared.place(doc);

  const included = items.filter(({ prepared }) => prepared.count > 0).length;
  const disabilities = input.sections.filter((section) => section.disabilityId !== null).length;
  drawCover(
    cover,
    {
      claimName: input.claimName,
      veteranName: input.veteranName,
      dateLabel: input.dateLabel,
      summary: `${plural(disabilities, 'disability', 'disabilities')}, ${plural(included, 'item')}, ${plural(total, 'page')}`,
    },
    fonts,
  );
  drawIndex(indexPages, rowsByPage, starts, fonts);
  const pages = doc.getPages();
  if (pages.length !== total)
    throw new Error(`packet planned ${total} pages but has ${pages.length}`);
  stampPageNumbers(pages, fonts.regular);

  const bytes = await doc.save({ objectsPerTick: OBJECTS_PER_TICK });
  return {
    bytes,
    pages: total,
    index: items.map(({ item, disabilityId, prepared }, position) => {
      const reason = 'reason' in prepared ? prepared.reason : undefined;
      const note = reason === undefined ? item.note : `could not be included: ${reason}`;
      return {
        title: item.title,
        disability_id: disabilityId,
        page: starts[position] ?? null,
        pages: prepared.count,
        included: prepared.count > 0,
        ...(note === undefined ? {} : { note }),
      };
    }),
  };
}
