import { zodResolver } from '@hookform/resolvers/zod';
import {
  updateAiSettingsInputSchema,
  type AiSettings,
  type UpdateAiSettingsInput,
} from '@muster/contract/chat';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { Form, FormField, FormMessage, FormItem } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { toastSuccess } from '@/lib/toast';

import { useAiSettings } from '../api/get-ai-settings';
import { useUpdateAiSettings } from '../api/update-ai-settings';
import {
  CONSENT_CHOICES,
  NEVER_SENT_TEXT,
  OFFLINE_TEXT,
  providerDisclosure,
  type AiProvider,
} from './consent-dialog';

/** Said when no outside model is set up: there is nothing to choose. */
export const NO_PROVIDER_TEXT =
  'No outside AI model is set up; the assistant answers from Muster’s built-in knowledge base.';

/** The contract's input, with words for a choice not made yet. */
const consentFormSchema = updateAiSettingsInputSchema.extend({
  consent: z.enum(updateAiSettingsInputSchema.shape.consent.options, {
    error: 'Choose where chat may send your messages.',
  }),
});

function currentChoice(settings: AiSettings, provider: AiProvider): string {
  switch (settings.consent) {
    case 'provider':
      return `Chat uses ${provider.name} (${provider.model} at ${provider.host}).`;
    case 'offline':
      return 'Chat stays offline-only: nothing leaves Muster.';
    case 'ask':
      return 'Not chosen yet: chat asks before your first message is sent.';
  }
}

function ConsentForm({ settings, provider }: { settings: AiSettings; provider: AiProvider }) {
  const groupId = useId();
  const update = useUpdateAiSettings();
  const form = useForm<UpdateAiSettingsInput>({
    resolver: zodResolver(consentFormSchema),
    values: settings.consent === 'ask' ? undefined : { consent: settings.consent },
  });

  const submit = form.handleSubmit((input) => {
    update.mutate(input, {
      onSuccess: (saved) => {
        toastSuccess(
          saved.consent === 'provider'
            ? `Chat will use ${provider.name}`
            : 'Chat will stay offline-only',
        );
      },
    });
  });

  const choices = [
    {
      value: 'provider' as const,
      label: CONSENT_CHOICES.provider(provider),
      description: `${providerDisclosure(provider)} ${NEVER_SENT_TEXT}`,
    },
    { value: 'offline' as const, label: CONSENT_CHOICES.offline, description: OFFLINE_TEXT },
  ];

  return (
    <Form {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <p className="text-sm font-medium">{currentChoice(settings, provider)}</p>
        <fieldset disabled={update.isPending} className="flex flex-col gap-4">
          <FormField
            control={form.control}
            name="consent"
            render={({ field }) => (
              <FormItem>
                <div role="group" aria-labelledby={`${groupId}-legend`} className="grid gap-3">
                  <p id={`${groupId}-legend`} className="text-sm font-medium">
                    Where chat may send your messages
                  </p>
                  <RadioGroup
                    // No choice yet ("ask") leaves both unselected, still controlled.
                    value={(field.value as string | undefined) ?? ''}
                    onValueChange={(next) => {
                      const picked = choices.find((choice) => choice.value === next);
                      if (picked) field.onChange(picked.value);
                    }}
                    aria-labelledby={`${groupId}-legend`}
                  >
                    {choices.map((choice) => (
                      <div key={choice.value} className="flex items-start gap-3">
                        <RadioGroupItem
                          value={choice.value}
                          id={`${groupId}-${choice.value}`}
                          aria-describedby={`${groupId}-${choice.value}-description`}
                          className="mt-0.5"
                        />
                        <div className="grid gap-1">
                          <Label htmlFor={`${groupId}-${choice.value}`} className="leading-snug">
                            {choice.label}
                          </Label>
                          <p
                            id={`${groupId}-${choice.value}-description`}
                            className="text-muted-foreground text-sm"
                          >
                            {choice.description}
                          </p>
                        </div>
                      </div>
                    ))}
                  </RadioGroup>
                </div>
                <FormMessage />
              </FormItem>
            )}
          />
          <div>
            <Button type="submit">{update.isPending ? 'Saving…' : 'Save choice'}</Button>
          </div>
        </fieldset>
      </form>
    </Form>
  );
}

/** The Account page's chat setting: whether chat may use the outside model, and which one. */
export function AiSettingsSection() {
  const headingId = useId();
  const settings = useAiSettings();

  return (
    <section aria-labelledby={headingId} className="flex max-w-prose flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        AI assistant
      </h2>
      {renderBody()}
    </section>
  );

  function renderBody() {
    if (settings.isPending) return <Spinner label="Loading your AI assistant setting" />;
    if (settings.isError) {
      return (
        <QueryErrorPanel
          title="We could not load your AI assistant setting"
          error={settings.error}
          onRetry={() => void settings.refetch()}
          isRetrying={settings.isFetching}
          headingLevel={3}
        />
      );
    }
    const { provider } = settings.data;
    if (!provider) return <p className="text-muted-foreground text-sm">{NO_PROVIDER_TEXT}</p>;
    return <ConsentForm settings={settings.data} provider={provider} />;
  }
}
