import { FILE_KINDS, type FileKind } from '@muster/contract/storage';

/**
 * What the browser can tell about a file before a byte is sent: its type and its size, checked
 * against the kind's limits with the words the API uses for the same refusal. The API checks again
 * (and reads the content itself when the upload finishes); this only spares a pointless upload.
 */

const MB = 1024 * 1024;

/** The type to announce for a file extension, when the browser reports none. */
const TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
};

/** How each accepted type is named to the veteran. */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/heic': 'HEIC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word (.docx)',
  'text/plain': 'plain text',
};

export type FileFacts = { name: string; size: number; type: string };

/**
 * The content type to announce: the browser's, without parameters, or the one its extension
 * implies when the browser has none (or only the generic binary type).
 */
export function contentTypeOf(file: FileFacts): string {
  const reported = file.type.toLowerCase().split(';')[0]?.trim() ?? '';
  if (reported !== '' && reported !== 'application/octet-stream') return reported;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return TYPES_BY_EXTENSION[extension] ?? reported;
}

/**
 * What a picker accepts: a file kind's limits, or a rule of its own for an upload that is not
 * one of the veteran's kinds (a file sent through a signing link: a PDF or a picture only).
 */
export type UploadRule = { name: string; maxBytes: number; types: readonly string[] };

export function ruleOf(kind: FileKind | UploadRule): UploadRule {
  return typeof kind === 'string' ? { name: kind, ...FILE_KINDS[kind] } : kind;
}

/** The largest file of a kind, in whole megabytes, as the API words it. */
export function maxMegabytes(kind: FileKind | UploadRule): number {
  return Math.floor(ruleOf(kind).maxBytes / MB);
}

/**
 * Why the file cannot be uploaded as `kind`, in the API's words, or null when it may be. Checked in
 * the API's order: size first, then type.
 */
export function checkFile(file: FileFacts, kind: FileKind | UploadRule): string | null {
  const limits = ruleOf(kind);
  if (file.size === 0) return 'The file is empty';
  if (file.size > limits.maxBytes) {
    return `${limits.name} files can be at most ${maxMegabytes(limits)} MB`;
  }
  if (!limits.types.includes(contentTypeOf(file))) {
    return `${limits.name} files must be one of: ${limits.types.join(', ')}`;
  }
  return null;
}

/** The `accept` attribute of the file picker: the kind's types and their extensions. */
export function acceptAttribute(kind: FileKind | UploadRule): string {
  const types = ruleOf(kind).types;
  const extensions = Object.entries(TYPES_BY_EXTENSION)
    .filter(([, type]) => types.includes(type))
    .map(([extension]) => `.${extension}`);
  return [...types, ...extensions].join(',');
}

/** "PDF, JPEG or PNG, up to 50 MB": what the picker accepts, in words. */
export function describeAccepted(kind: FileKind | UploadRule): string {
  const names = ruleOf(kind).types.map((type) => TYPE_NAMES[type] ?? type);
  const list =
    names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}` : names[0];
  return `${list ?? ''}, up to ${maxMegabytes(kind)} MB`;
}
