import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEADLINE_KINDS,
  reminderSettingsSchema,
  type DeadlineKind,
  type ReminderSettings,
  type UpdateReminderSettingsInput,
} from '@muster/contract/deadlines';
import { DEADLINE_KIND_NAMES } from '@muster/domain/deadline-guardian';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'react-router';
import type { z } from 'zod';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Form, FormField, FormItem, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { toastError, toastSuccess } from '@/lib/toast';

import { useReminderSettings } from '../api/get-reminder-settings';
import { useUpdateReminderSettings } from '../api/update-reminder-settings';
import { REMINDER_SETTINGS_ANCHOR } from '../utils/anchors';

const formSchema = reminderSettingsSchema.pick({ time_zone: true, reminders_off: true });
type FormValues = z.infer<typeof formSchema>;

/**
 * Offered before any search: the US zones, and those of the bases where many serve abroad. Any
 * other zone is one search away.
 */
const COMMON_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'America/Adak',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
  'Pacific/Guam',
  'Pacific/Pago_Pago',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Rome',
  'Asia/Qatar',
  'Asia/Seoul',
  'Asia/Tokyo',
];
/** A search lists at most this many zones; typing more narrows it. */
const MAX_MATCHES = 50;

/** Every IANA zone the browser knows (the server checks the name again). */
function allTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    // A browser without the list still offers the common zones.
    return COMMON_TIME_ZONES;
  }
}

/** The zones whose name contains every word of `search` (spaces match underscores). */
export function filterTimeZones(zones: readonly string[], search: string): string[] {
  const words = search.toLowerCase().replace(/_/g, ' ').split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...zones];
  return zones.filter((zone) => {
    const name = zone.toLowerCase().replace(/_/g, ' ');
    return words.every((word) => name.includes(word));
  });
}

/** The same kinds, whatever their order. */
function sameKinds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((kind) => b.includes(kind));
}

/**
 * Only what the user changed: sending the zone shown when none was chosen would turn the default
 * into a choice, so an unchanged zone is left out (and so are unchanged kinds).
 */
export function changedSettings(
  settings: Pick<ReminderSettings, 'time_zone' | 'reminders_off'>,
  values: FormValues,
): UpdateReminderSettingsInput {
  return {
    ...(values.time_zone === settings.time_zone ? {} : { time_zone: values.time_zone }),
    ...(sameKinds(values.reminders_off, settings.reminders_off)
      ? {}
      : { reminders_off: values.reminders_off }),
  };
}

const FORM_FIELDS: readonly (keyof FormValues)[] = ['time_zone', 'reminders_off'];

function SettingsForm({ settings }: { settings: ReminderSettings }) {
  const searchId = useId();
  const update = useUpdateReminderSettings();
  const [search, setSearch] = useState('');
  const [zones] = useState(allTimeZones);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    values: { time_zone: settings.time_zone, reminders_off: settings.reminders_off },
  });
  const selected = useWatch({ control: form.control, name: 'time_zone' });
  const matches = search.trim() ? filterTimeZones(zones, search) : COMMON_TIME_ZONES;
  const shown = matches.slice(0, MAX_MATCHES);
  // The chosen zone stays in the list whatever the search, so the select never loses its value.
  const options = shown.includes(selected) ? shown : [selected, ...shown];
  const searchHintId = `${searchId}-hint`;

  const submit = form.handleSubmit((values) => {
    const changes = changedSettings(settings, values);
    if (Object.keys(changes).length === 0) {
      toastSuccess('Nothing to save: your reminder settings are unchanged');
      return;
    }
    update.mutate(changes, {
      onSuccess: () => toastSuccess('Your reminder settings are saved'),
      onError: (error) => {
        // The server's word on a field goes under that field; anything else is a toast.
        const fields = isApiError(error) ? (error.fields ?? {}) : {};
        const known = FORM_FIELDS.filter((name) => fields[name] !== undefined);
        for (const name of known) form.setError(name, { message: fields[name] });
        if (known.length === 0) toastError(error);
      },
    });
  });

  return (
    <Form {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <fieldset disabled={update.isPending} className="flex min-w-0 flex-col gap-4">
          <div className="grid gap-2">
            <Label htmlFor={searchId}>Search time zones</Label>
            <Input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="e.g. Chicago"
              autoComplete="off"
              aria-describedby={searchHintId}
            />
            <p id={searchHintId} className="text-muted-foreground text-sm" aria-live="polite">
              {search.trim()
                ? matches.length > MAX_MATCHES
                  ? `${matches.length} zones match; the first ${MAX_MATCHES} are listed. Type more to narrow it.`
                  : `${matches.length} ${matches.length === 1 ? 'zone matches' : 'zones match'}.`
                : 'The list shows the US zones and common ones abroad; search for any other.'}
            </p>
          </div>
          <SelectField
            control={form.control}
            name="time_zone"
            label="Time zone"
            description={
              settings.time_zone_chosen
                ? 'Reminders arrive on the right day where you are.'
                : 'Not chosen yet: reminders use Eastern Time (America/New_York).'
            }
          >
            {options.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </SelectField>
          <FormField
            control={form.control}
            name="reminders_off"
            render={({ field }) => (
              <FormItem>
                <fieldset className="grid gap-3">
                  <legend className="mb-2 text-sm font-medium">
                    Email me 30, 7 and 1 days before
                  </legend>
                  {DEADLINE_KINDS.map((kind) => (
                    <KindSwitch
                      key={kind}
                      kind={kind}
                      isOn={!field.value.includes(kind)}
                      onChange={(isOn) =>
                        field.onChange(
                          isOn ? field.value.filter((off) => off !== kind) : [...field.value, kind],
                        )
                      }
                    />
                  ))}
                </fieldset>
                <FormMessage />
              </FormItem>
            )}
          />
          <div>
            <Button type="submit">{update.isPending ? 'Saving…' : 'Save reminder settings'}</Button>
          </div>
        </fieldset>
      </form>
    </Form>
  );
}

function KindSwitch({
  kind,
  isOn,
  onChange,
}: {
  kind: DeadlineKind;
  isOn: boolean;
  onChange: (isOn: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <Checkbox id={id} checked={isOn} onCheckedChange={(checked) => onChange(checked === true)} />
      <Label htmlFor={id} className="leading-snug font-normal">
        {DEADLINE_KIND_NAMES[kind]}
      </Label>
    </div>
  );
}

/** The Account page's deadline reminders: the time zone they are counted in, and which kinds. */
export function ReminderSettingsSection() {
  const headingId = useId();
  const settings = useReminderSettings();
  const { hash } = useLocation();
  const isTarget = hash === `#${REMINDER_SETTINGS_ANCHOR}`;
  const isLoaded = settings.isSuccess;

  // A link to this section (the dashboard's "Reminder settings") lands on it once it has its
  // height; the router does not scroll to a fragment by itself.
  useEffect(() => {
    if (isTarget && isLoaded) {
      document.getElementById(REMINDER_SETTINGS_ANCHOR)?.scrollIntoView({ block: 'start' });
    }
  }, [isTarget, isLoaded]);

  return (
    <section
      id={REMINDER_SETTINGS_ANCHOR}
      aria-labelledby={headingId}
      className="flex max-w-prose scroll-mt-20 flex-col gap-3"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        Deadline reminders
      </h2>
      <p className="text-muted-foreground text-sm">
        We email you 30, 7 and 1 days before each VA deadline we track. The emails name the deadline
        and its date, never your medical details.
      </p>
      {renderBody()}
    </section>
  );

  function renderBody() {
    if (settings.isPending) return <Spinner label="Loading your reminder settings" />;
    if (settings.isError) {
      return (
        <QueryErrorPanel
          title="We could not load your reminder settings"
          error={settings.error}
          onRetry={() => void settings.refetch()}
          isRetrying={settings.isFetching}
          headingLevel={3}
        />
      );
    }
    return <SettingsForm settings={settings.data} />;
  }
}
