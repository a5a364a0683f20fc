import { getResolvedPDFJS, type getDocumentProxy } from 'unpdf';
import type { RawImage } from './png.ts';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

/** An image as pdf.js hands it over once it has decoded it. */
type DecodedImage = {
  width?: number;
  height?: number;
  /** How `data` is laid out: 1 bit a pixel (1), RGB (2) or RGBA (3); absent for a stencil mask. */
  kind?: number;
  /** The pixels, or (for a stencil mask) the key under which the page keeps them. */
  data?: Uint8Array | Uint8ClampedArray | string;
};

const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;

/** The object a page keeps under `key`, once pdf.js has decoded it. */
function pageObject(page: PdfPage, key: string): Promise<DecodedImage | undefined> {
  const objects = key.startsWith('g_') ? page.commonObjs : page.objs;
  return new Promise((resolve) => {
    objects.get(key, (value: unknown) => resolve(value as DecodedImage | undefined));
  });
}

/**
 * 1-bit rows (each padded to a whole byte, the first pixel in the high bit) as 8-bit gray. A set
 * bit is white and a clear one black: a DeviceGray image's samples once its Decode array is
 * applied, and a stencil mask's once pdf.js has made 0 the painted (inked) value.
 */
export function unpackBits(
  data: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
): Uint8Array | null {
  const rowBytes = (width + 7) >> 3;
  if (data.length < rowBytes * height) return null;
  const gray = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * rowBytes;
    const out = y * width;
    for (let x = 0; x < width; x++) {
      gray[out + x] = ((data[row + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1 ? 255 : 0;
    }
  }
  return gray;
}

/** An image's pixels as gray, RGB or RGBA bytes, or null when they are laid out some other way. */
function rawImage(image: DecodedImage, isMask: boolean): RawImage | null {
  const { width, height, data } = image;
  if (!width || !height || !data || typeof data === 'string') return null;
  if (isMask || image.kind === GRAYSCALE_1BPP) {
    const gray = unpackBits(data, width, height);
    return gray ? { data: gray, width, height, channels: 1 } : null;
  }
  const channels =
    image.kind === RGB_24BPP ? 3 : image.kind === RGBA_32BPP ? 4 : data.length / (width * height);
  if (
    (channels !== 1 && channels !== 3 && channels !== 4) ||
    data.length !== width * height * channels
  ) {
    return null;
  }
  return { data, width, height, channels };
}

/**
 * Every image a page paints, decoded: image XObjects, inline images and stencil masks (a 1-bit
 * scan is often stored as a mask painted in black). pdf.js undoes the compression; 1-bit images,
 * which it keeps packed eight pixels to a byte, are unpacked to gray here. The pdf.js that unpdf
 * bundles has no decoder for CCITT fax, JBIG2 or JPEG 2000 (those ship as WebAssembly with
 * pdfjs-dist): it leaves such an image out with a warning, and its page reads as having none.
 */
export async function findPageImages(pdf: PdfDocument, pageNumber: number): Promise<RawImage[]> {
  const page = await pdf.getPage(pageNumber);
  const { fnArray, argsArray } = await page.getOperatorList();
  const { OPS } = await getResolvedPDFJS();
  const images: RawImage[] = [];
  for (let i = 0; i < fnArray.length; i++) {
    const op = fnArray[i];
    const args = argsArray[i] as unknown[];
    let image: DecodedImage | undefined;
    let isMask = false;
    if (op === OPS.paintImageXObject && typeof args[0] === 'string') {
      image = await pageObject(page, args[0]);
    } else if (op === OPS.paintInlineImageXObject) {
      image = args[0] as DecodedImage;
    } else if (op === OPS.paintImageMaskXObject) {
      isMask = true;
      image = args[0] as DecodedImage;
      // Newer pdf.js keeps a mask's pixels with the page's objects and passes their key.
      if (typeof image.data === 'string') {
        const stored = await pageObject(page, image.data);
        image = { width: image.width, height: image.height, ...stored };
      }
    }
    const raw = image ? rawImage(image, isMask) : null;
    if (raw) images.push(raw);
  }
  return images;
}
