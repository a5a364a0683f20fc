import { fileTypeFromBuffer } from 'file-type';

/** Bytes read from the start of an object to identify it. */
export const SNIFF_BYTES = 64 * 1024;

/**
 * Identifies content by its magic bytes. Plain text has none, so it is accepted as text/plain only
 * when the sample is valid UTF-8 without control bytes other than whitespace.
 */
export async function sniffContentType(sample: Buffer): Promise<string | null> {
  const detected = await fileTypeFromBuffer(sample);
  if (detected) return detected.mime;
  return looksLikeText(sample) ? 'text/plain' : null;
}

function looksLikeText(sample: Buffer): boolean {
  if (sample.length === 0) return false;
  let text: string;
  try {
    // A multi-byte character cut at the sample's end is fine; invalid bytes elsewhere are not.
    text = new TextDecoder('utf-8', { fatal: true }).decode(trimPartialUtf8(sample));
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

function trimPartialUtf8(buffer: Buffer): Buffer {
  let end = buffer.length;
  // Step back over continuation bytes of a final, possibly incomplete, character.
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const byte = buffer[end - i]!;
    if ((byte & 0xc0) === 0x80) continue;
    if ((byte & 0x80) === 0) break;
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
    if (needed > i) end -= i;
    break;
  }
  return buffer.subarray(0, end);
}
