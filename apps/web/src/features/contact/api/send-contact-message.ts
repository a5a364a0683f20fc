import { contactResultSchema, type ContactInput } from '@muster/contract/contact';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

import { api } from '@/lib/api-client';
import { type ApiError } from '@/lib/api-error';

export type ContactResult = z.output<typeof contactResultSchema>;

/** `POST /contact`: emails the message to the Muster team (public route; the token is harmless). */
export function sendContactMessage(input: ContactInput): Promise<ContactResult> {
  return api.post('/contact', input, contactResultSchema);
}

type UseSendContactMessageOptions = {
  /**
   * Form fields that show server field errors themselves. An answer with a message for one of them
   * is not toasted (the form shows it); every other failure goes to the global error toaster.
   */
  fieldNames: readonly string[];
};

export function useSendContactMessage({ fieldNames }: UseSendContactMessageOptions) {
  return useMutation({
    mutationFn: sendContactMessage,
    meta: {
      errorToast: (error: ApiError) =>
        !Object.keys(error.fields ?? {}).some((field) => fieldNames.includes(field)),
    },
  });
}
