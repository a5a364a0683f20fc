import { z } from 'zod';

export const contactInputSchema = z.object({
  name: z.string().trim().min(1, 'Required').max(100, 'Too long'),
  email: z.string().trim().min(1, 'Required').max(254).pipe(z.email('Invalid email address')),
  topic: z.enum(['feedback', 'question', 'problem', 'other']).default('feedback'),
  message: z.string().trim().min(10, 'Please write at least 10 characters').max(5000, 'Too long'),
  /** Honeypot: people never see or fill it; bots do. */
  website: z.string().max(500).optional(),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

export const contactResultSchema = z.object({ received: z.literal(true) });
