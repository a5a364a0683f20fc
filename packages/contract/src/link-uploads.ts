import { z } from 'zod';
import { completeUploadInputSchema, createUploadInputSchema } from './storage.ts';

/**
 * A file sent through a link by someone without an account (a physician's signed nexus letter, a
 * witness's attachment to a lay statement). It is stored as the veteran's, as a `document` (its
 * size limit applies), and only as a PDF or a picture: what VA takes as evidence.
 */
export const LINK_UPLOAD_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/** The upload grant asked for through a link: the file's name, size and type (PDF, JPEG or PNG). */
export const linkUploadInputSchema = z.object({
  filename: createUploadInputSchema.shape.filename,
  size: createUploadInputSchema.shape.size,
  content_type: z.enum(LINK_UPLOAD_TYPES, 'Send a PDF, JPEG or PNG file'),
});
export type LinkUploadInput = z.infer<typeof linkUploadInputSchema>;

/** Finishing that upload: the file granted through the link, and its parts' ETags (multipart). */
export const completeLinkUploadInputSchema = completeUploadInputSchema.extend({
  file_id: z.uuid('Must be the id of the upload granted through this link'),
});
export type CompleteLinkUploadInput = z.infer<typeof completeLinkUploadInputSchema>;
