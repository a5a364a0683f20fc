import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { safeText } from './text.ts';

export const contactInputSchema = z.object({
  name: safeText({ min: 1, max: 100, messages: { tooLong: 'Too long' } }),
  email: emailSchema,
  topic: z.enum(['feedback', 'question', 'problem', 'other']).default('feedback'),
  message: safeText({
    min: 10,
    max: 5000,
    multiline: true,
    messages: { tooShort: 'Please write at least 10 characters', tooLong: 'Too long' },
  }),
  /** Honeypot: people never see or fill it; bots do. */
  website: safeText({ max: 500, trim: false }).optional(),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

export const contactResultSchema = z.object({ received: z.literal(true) });
