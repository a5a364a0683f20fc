import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok'), uptime_s: z.number() });
export type Health = z.infer<typeof healthSchema>;

export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['up', 'down']),
  migrations: z.enum(['applied', 'pending', 'unknown']),
});
export type Readiness = z.infer<typeof readinessSchema>;
