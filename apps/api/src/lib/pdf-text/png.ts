import { crc32, deflateSync } from 'node:zlib';

/** Raw pixels as a PDF page image gives them: 1 (gray), 3 (RGB) or 4 (RGBA) bytes per pixel. */
export type RawImage = {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
};

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOR_TYPE = { 1: 0, 3: 2, 4: 6 } as const;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A colour image as gray (ITU-R BT.601 lightness, the weights the OCR engine itself uses), with
 * transparent parts over white. OCR reads only lightness, and a gray page holds a third of the
 * bytes of an RGB one, in our memory and in the engine's.
 */
export function toGray(image: RawImage): RawImage {
  const { data, width, height, channels } = image;
  if (channels === 1) return image;
  const gray = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < gray.length; i++, j += channels) {
    const light = ((data[j] ?? 0) * 77 + (data[j + 1] ?? 0) * 150 + (data[j + 2] ?? 0) * 29) >> 8;
    const alpha = channels === 4 ? (data[j + 3] ?? 255) : 255;
    gray[i] = (light * alpha + 255 * (255 - alpha)) / 255;
  }
  return { data: gray, width, height, channels: 1 };
}

/**
 * Encodes raw pixels as a gray PNG file (8 bits a pixel, no filtering), for the OCR engine; colour
 * is turned to gray first (see toGray).
 */
export function encodePng(raw: RawImage): Buffer {
  if (raw.data.length !== raw.width * raw.height * raw.channels) {
    throw new RangeError(
      `pixel data of ${raw.data.length} bytes is not ${raw.width}×${raw.height}×${raw.channels}`,
    );
  }
  const image = toGray(raw);
  const { width, height, channels } = image;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = COLOR_TYPE[channels];
  const stride = width * channels;
  const rows = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    // Each row starts with its filter type: 0, none.
    rows.set(image.data.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
