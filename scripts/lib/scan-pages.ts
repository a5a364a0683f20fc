/**
 * Scanned-page fixtures, shared by the scripts that make them (make-letter-pdfs.ts,
 * make-cfile-scans.ts): Chromium renders each page's HTML, and the screenshot, turned gray, becomes
 * an image-only PDF page, as a scanner makes them.
 */
import { deflateSync, inflateSync } from 'node:zlib';
import {
  PDFName,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  type PDFDocument,
} from 'pdf-lib';
import type { Browser } from 'puppeteer-core';
import { chromiumArgs } from '../../e2e/config.ts';
import { missingChromiumMessage, systemProbes } from '../chromium.ts';

/** The PNG channels per pixel by colour type (8-bit only). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/**
 * The pixels of a PNG screenshot (8-bit, not interlaced) as one gray byte per pixel, rounded to
 * `levels` evenly spaced grays. With 256 levels each pixel keeps its own gray.
 */
function pngToGray(
  png: Uint8Array,
  levels = 256,
): { width: number; height: number; gray: Uint8Array } {
  const bytes = Buffer.from(png);
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      channels = CHANNELS[body[9] ?? -1] ?? 0;
      if (body[8] !== 8 || body[12] !== 0 || channels === 0) {
        throw new Error('only 8-bit, non-interlaced PNG screenshots are supported');
      }
    } else if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x] ?? 0;
      const left = x >= channels ? (pixels[row + x - channels] ?? 0) : 0;
      const up = y > 0 ? (pixels[row - stride + x] ?? 0) : 0;
      const upLeft = y > 0 && x >= channels ? (pixels[row - stride + x - channels] ?? 0) : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      pixels[row + x] = (value + predicted) & 0xff;
    }
  }
  const gray = new Uint8Array(width * height);
  const step = 255 / (levels - 1);
  for (let i = 0; i < gray.length; i++) {
    const at = i * channels;
    const luminance =
      channels >= 3
        ? 0.299 * (pixels[at] ?? 0) + 0.587 * (pixels[at + 1] ?? 0) + 0.114 * (pixels[at + 2] ?? 0)
        : (pixels[at] ?? 0);
    gray[i] = Math.round(Math.round(luminance / step) * step);
  }
  return { width, height, gray };
}

/** Chromium, headless, as the browser suite launches it. */
export async function launchChromium(): Promise<Browser> {
  const { chromiumPath, exists } = systemProbes();
  if (!exists(chromiumPath)) throw new Error(missingChromiumMessage(chromiumPath));
  const { default: puppeteer } = await import('puppeteer-core');
  return puppeteer.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
}

/** How a page is scanned: its size in points, the resolution and the grays the picture keeps. */
export type ScanSettings = {
  pageWidth: number;
  pageHeight: number;
  /** Dots per inch of the picture. */
  dpi: number;
  /** Evenly spaced grays the picture is rounded to (256: none lost). */
  grayLevels?: number;
};

/**
 * Adds one image-only page to `doc` for each HTML page, in order: Chromium's screenshot of the
 * page at the scan's resolution, in gray, filling the page, with no text layer.
 */
export async function addScannedPages(
  doc: PDFDocument,
  browser: Browser,
  pagesHtml: readonly string[],
  { pageWidth, pageHeight, dpi, grayLevels }: ScanSettings,
): Promise<void> {
  const tab = await browser.newPage();
  try {
    await tab.setViewport({
      width: Math.round((pageWidth * 96) / 72),
      height: Math.round((pageHeight * 96) / 72),
      deviceScaleFactor: dpi / 96,
    });
    for (const html of pagesHtml) {
      await tab.setContent(html, { waitUntil: 'load' });
      const { width, height, gray } = pngToGray(await tab.screenshot({ type: 'png' }), grayLevels);
      const image = doc.context.stream(deflateSync(gray, { level: 9 }), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: width,
        Height: height,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 8,
        Filter: 'FlateDecode',
      });
      const page = doc.addPage([pageWidth, pageHeight]);
      const picture = PDFName.of('Scan');
      page.node.setXObject(picture, doc.context.register(image));
      page.pushOperators(
        pushGraphicsState(),
        concatTransformationMatrix(pageWidth, 0, 0, pageHeight, 0, 0),
        drawObject(picture),
        popGraphicsState(),
      );
    }
  } finally {
    await tab.close();
  }
}
