import { zodResolver } from '@hookform/resolvers/zod';
import { contactInputSchema, type ContactInput } from '@muster/contract/contact';
import { LoaderCircleIcon } from 'lucide-react';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useServerFieldErrors } from '@/lib/form-errors';
import { toastFeedback } from '@/lib/toast';

import { useSendContactMessage } from '../api/send-contact-message';

type ContactFormInput = z.input<typeof contactInputSchema>;
type Topic = ContactInput['topic'];

/** The fields people see; server messages for them land on the field instead of a toast. */
const FIELD_NAMES = ['name', 'email', 'topic', 'message'] as const;

/** The same wording as the marketing site's contact page. */
const TOPICS: readonly { value: Topic; label: string }[] = [
  { value: 'feedback', label: 'Feedback' },
  { value: 'question', label: 'A question' },
  { value: 'problem', label: 'Something isn’t working' },
  { value: 'other', label: 'Something else' },
];

export const CONTACT_SENT_MESSAGE = 'Message sent';
export const CONTACT_SENT_DESCRIPTION =
  'Thank you, we received your message. If it needs an answer, we’ll reply by email.';

export type ContactDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Prefilled from the signed-in user's profile; both can be edited. */
  defaultName: string;
  defaultEmail: string;
};

function emptyMessage(name: string, email: string): ContactFormInput {
  return { name, email, topic: 'feedback', message: '', website: '' };
}

/**
 * "Contact us" inside the app: the `POST /contact` form (contract `contactInputSchema`) in a
 * dialog. The draft survives closing the dialog; a sent message resets it. The honeypot field
 * (`website`) is hidden from people and assistive technology, as on the marketing site.
 */
export function ContactDialog({
  open,
  onOpenChange,
  defaultName,
  defaultEmail,
}: ContactDialogProps) {
  const honeypotId = useId();
  // What had focus when the dialog opened (the account menu's button). Radix returns focus only to
  // a <DialogTrigger>, and this dialog is opened from elsewhere, so it is done here.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const sendMessage = useSendContactMessage({ fieldNames: FIELD_NAMES });
  const form = useForm<ContactFormInput, unknown, ContactInput>({
    resolver: zodResolver(contactInputSchema),
    defaultValues: emptyMessage(defaultName, defaultEmail),
  });
  const isSending = sendMessage.isPending;
  // Server field errors land on their fields; the first takes focus once the form is enabled.
  const showServerErrors = useServerFieldErrors(form, isSending);

  const send = (values: ContactInput) =>
    sendMessage.mutate(values, {
      onSuccess: () => {
        form.reset(emptyMessage(defaultName, defaultEmail));
        onOpenChange(false);
        toastFeedback('success', CONTACT_SENT_MESSAGE, { description: CONTACT_SENT_DESCRIPTION });
      },
      // Other failures were already toasted by the query client (see useSendContactMessage).
      onError: (error) => {
        showServerErrors(error, FIELD_NAMES);
      },
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onOpenAutoFocus={() => {
          returnFocusTo.current =
            document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo.current;
          returnFocusTo.current = null;
          if (!target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Contact us</DialogTitle>
          <DialogDescription>
            Feedback, a question, or something that isn’t working? Tell us. Muster is built by
            veterans, and we read every message. Please don’t include medical details or your Social
            Security number.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={(event) => void form.handleSubmit(send)(event)} noValidate>
            <fieldset disabled={isSending} className="flex flex-col gap-4">
              <legend className="sr-only">Your message</legend>
              <TextField
                control={form.control}
                name="name"
                label="Your name"
                autoComplete="name"
                maxLength={100}
              />
              <TextField
                control={form.control}
                name="email"
                label="Email"
                type="email"
                autoComplete="email"
                maxLength={254}
                description="We use it only to reply to you."
              />
              <FormField
                control={form.control}
                name="topic"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Topic</FormLabel>
                    <Select
                      name={field.name}
                      value={field.value ?? 'feedback'}
                      onValueChange={field.onChange}
                      disabled={field.disabled}
                    >
                      <FormControl>
                        <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                          <SelectValue />
                        </SelectTrigger>
                      </FormControl>
                      <SelectContent>
                        {TOPICS.map((topic) => (
                          <SelectItem key={topic.value} value={topic.value}>
                            {topic.label}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <TextAreaField
                control={form.control}
                name="message"
                label="Message"
                rows={6}
                maxLength={5000}
                description="At least 10 characters."
              />
              {/* Honeypot: off-screen, out of the tab order and hidden from assistive technology. */}
              <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
                <label htmlFor={honeypotId}>Website (leave this empty)</label>
                <input
                  id={honeypotId}
                  type="text"
                  tabIndex={-1}
                  autoComplete="off"
                  {...form.register('website')}
                />
              </div>
              <DialogFooter>
                <DialogClose asChild>
                  <Button type="button" variant="outline">
                    Cancel
                  </Button>
                </DialogClose>
                <Button type="submit" aria-busy={isSending}>
                  {isSending ? (
                    <LoaderCircleIcon
                      className="animate-spin motion-reduce:animate-none"
                      aria-hidden
                    />
                  ) : null}
                  Send message
                </Button>
              </DialogFooter>
            </fieldset>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
