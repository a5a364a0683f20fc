import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGE_MAX, createMessageInputSchema } from '@muster/contract/chat';
import { SendHorizontalIcon, SquareIcon } from 'lucide-react';
import { useEffect, useRef, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { Button } from '@/components/ui/button';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';

/** The message field: the contract's rules (1 to 8,000 characters after trimming). */
const composerSchema = createMessageInputSchema.pick({ content: true });
type ComposerInput = z.input<typeof composerSchema>;
type ComposerValues = z.output<typeof composerSchema>;

/** The counter shows from here on, before the limit is reached. */
const COUNTER_FROM = MESSAGE_MAX - 1000;
const numberFormat = new Intl.NumberFormat('en-US');

export type ComposerProps = {
  /**
   * A valid message (trimmed) to send. The text stays in the field until `clear` is called, so a
   * send that waits (the consent question) or is cancelled keeps it.
   */
  onSend: (content: string, controls: { clear: () => void }) => void;
  /** A message is on its way or a reply is coming: sending waits, Stop shows. */
  isBusy: boolean;
  /** Stops the reply being written; without it there is no Stop button. */
  onStop?: () => void;
  /** A failed send's text to put back in the field, then `onDraftTaken`. */
  restoredDraft?: string | null;
  onDraftTaken?: () => void;
  /** Focus the field when the composer appears (the veteran was typing a moment ago). */
  shouldFocusOnMount?: boolean;
  /** The message field, for the page to put focus back in it. */
  inputRef?: RefObject<HTMLTextAreaElement | null>;
};

/**
 * Where the veteran writes: Enter sends, Shift+Enter starts a new line. While a reply is being
 * written the field stays open for the next message, and Stop ends the reply.
 */
export function Composer({
  onSend,
  isBusy,
  onStop,
  restoredDraft = null,
  onDraftTaken,
  shouldFocusOnMount = false,
  inputRef,
}: ComposerProps) {
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  /** The Stop button had focus when it went away (the reply finished): focus goes to the field. */
  const hadStopFocus = useRef(false);
  const form = useForm<ComposerInput, unknown, ComposerValues>({
    resolver: zodResolver(composerSchema),
    defaultValues: { content: '' },
  });
  const length = useWatch({ control: form.control, name: 'content' }).length;

  useEffect(() => {
    if (shouldFocusOnMount) textareaRef.current?.focus();
  }, [shouldFocusOnMount]);

  // A failed send's text comes back from the conversation's store: put it in the field once.
  useEffect(() => {
    if (restoredDraft === null) return;
    form.setValue('content', restoredDraft);
    textareaRef.current?.focus();
    onDraftTaken?.();
  }, [restoredDraft, form, onDraftTaken]);

  useEffect(() => {
    if (isBusy || !hadStopFocus.current) return;
    hadStopFocus.current = false;
    textareaRef.current?.focus();
  }, [isBusy]);

  const clear = () => {
    form.reset({ content: '' });
    // Ready for the next message, whether it was sent with Enter or the button.
    textareaRef.current?.focus();
  };

  const handleValid = ({ content }: ComposerValues) => {
    if (isBusy) return;
    onSend(content, { clear });
  };

  const submit = (event?: FormEvent) => form.handleSubmit(handleValid)(event);

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    // An empty Enter does nothing; the Send button says what is missing.
    if (event.currentTarget.value.trim() === '' || isBusy) return;
    void submit();
  };

  return (
    <Form {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-2">
        <FormField
          control={form.control}
          name="content"
          render={({ field }) => (
            <FormItem>
              <FormLabel className="sr-only">Message</FormLabel>
              <FormControl>
                <Textarea
                  {...field}
                  ref={(element) => {
                    field.ref(element);
                    textareaRef.current = element;
                    if (inputRef) inputRef.current = element;
                  }}
                  rows={3}
                  placeholder="Ask about your claim, a condition or a VA form…"
                  onKeyDown={handleKeyDown}
                  className="max-h-60 min-h-20 resize-y"
                />
              </FormControl>
              <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
                <FormDescription className="text-xs">
                  Enter sends; Shift+Enter starts a new line.
                </FormDescription>
                {length >= COUNTER_FROM ? (
                  <p className="text-muted-foreground text-xs">
                    {`${numberFormat.format(length)} of ${numberFormat.format(MESSAGE_MAX)} characters`}
                  </p>
                ) : null}
              </div>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="flex flex-wrap justify-end gap-2">
          {isBusy && onStop ? (
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                hadStopFocus.current = false;
                onStop();
                textareaRef.current?.focus();
              }}
              onFocus={() => {
                hadStopFocus.current = true;
              }}
              onBlur={() => {
                hadStopFocus.current = false;
              }}
            >
              <SquareIcon aria-hidden />
              Stop
            </Button>
          ) : null}
          <Button type="submit" disabled={isBusy}>
            <SendHorizontalIcon aria-hidden />
            Send
          </Button>
        </div>
      </form>
    </Form>
  );
}
