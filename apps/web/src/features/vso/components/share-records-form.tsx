import { zodResolver } from '@hookform/resolvers/zod';
import {
  SHARE_ITEM_KINDS,
  createVsoShareSchema,
  shareItemInputSchema,
  type ShareItemInput,
  type ShareItemKind,
  type ShareableRecord,
  type VsoShareCreated,
} from '@muster/contract/vso';
import { ShieldAlertIcon } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Form, FormField, FormItem, FormMessage } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-error';
import { toastError } from '@/lib/toast';

import { useCreateShare, useShareableRecords } from '../api/vso';

export const KIND_LABELS: Record<ShareItemKind, string> = {
  disability: 'Disabilities',
  'personal-statement': 'Personal statements',
  document: 'Vault documents',
  'decision-letter': 'Decision letters',
  cfile: 'C-file findings',
  'nexus-letter': 'Nexus letters',
  'layman-statement': 'Lay statements',
};

export const EXPIRY_DAYS = ['7', '30', '90'] as const;

const formSchema = createVsoShareSchema.pick({ items: true }).extend({
  items: z.array(shareItemInputSchema).min(1, 'Choose at least one record to share').max(200),
  days: z.enum(EXPIRY_DAYS),
  label: z.union([z.literal(''), createVsoShareSchema.shape.label.unwrap()]),
});
type FormValues = z.input<typeof formSchema>;

const keyOf = (item: { kind: string; id: string }) => `${item.kind}:${item.id}`;

const PROTECTED_NOTE =
  'Protected by 38 U.S.C. 7332 (drug or alcohol treatment, HIV or sickle cell anemia). It is shared only if you tick it here.';

type Props = { onCreated: (share: VsoShareCreated) => void };

/**
 * "Share records": records picked by kind, an expiry, and a link made once. A record protected by
 * 38 U.S.C. 7332 needs its own tick: "select all" never picks one. A C-file is shared without its
 * protected findings unless they are ticked too.
 */
export function ShareRecordsForm({ onCreated }: Props) {
  const records = useShareableRecords();
  const create = useCreateShare();
  const expiryId = useId();
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { items: [], days: '30', label: '' },
  });

  if (records.isError) {
    return (
      <QueryErrorPanel
        title="We could not load your records"
        error={records.error}
        onRetry={() => void records.refetch()}
        isRetrying={records.isFetching}
      />
    );
  }
  if (!records.data) return <Spinner label="Loading your records" />;
  if (records.data.results.length === 0) {
    return <p>You have no records to share yet. Add a disability or a document first.</p>;
  }
  const byKind = SHARE_ITEM_KINDS.map((kind) => ({
    kind,
    records: records.data.results.filter((record) => record.kind === kind),
  })).filter((group) => group.records.length > 0);

  const submit = (values: z.output<typeof formSchema>) => {
    const expiresAt = new Date(Date.now() + Number(values.days) * 86_400_000).toISOString();
    create.mutate(
      {
        items: values.items,
        expires_at: expiresAt,
        ...(values.label ? { label: values.label } : {}),
      },
      {
        onSuccess: (share) => {
          form.reset({ items: [], days: values.days, label: '' });
          onCreated(share);
        },
        onError: (error) => {
          const fields = isApiError(error) ? (error.fields ?? {}) : {};
          const itemError = Object.entries(fields).find(([name]) => name.startsWith('items'));
          if (itemError) form.setError('items', { type: 'server', message: itemError[1] });
          else if (fields.expires_at) form.setError('days', { message: fields.expires_at });
          else toastError(error);
        },
      },
    );
  };

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate>
        <fieldset disabled={create.isPending} className="flex min-w-0 flex-col gap-6">
          <FormField
            control={form.control}
            name="items"
            render={({ field }) => {
              const chosen = new Map(field.value.map((item) => [keyOf(item), item]));
              const set = (next: Map<string, ShareItemInput>) => field.onChange([...next.values()]);
              const toggle = (record: ShareableRecord, checked: boolean) => {
                const next = new Map(chosen);
                if (checked) {
                  next.set(keyOf(record), {
                    kind: record.kind,
                    id: record.id,
                    // Ticking a protected record (not a C-file) on its own is the consent to share it.
                    ...(record.protected_7332 && record.kind !== 'cfile'
                      ? { include_protected: true }
                      : {}),
                  });
                } else next.delete(keyOf(record));
                set(next);
              };
              const toggleFindings = (record: ShareableRecord, checked: boolean) => {
                const next = new Map(chosen);
                next.set(keyOf(record), {
                  kind: record.kind,
                  id: record.id,
                  ...(checked ? { include_protected: true } : {}),
                });
                set(next);
              };
              return (
                <FormItem>
                  <div className="flex min-w-0 flex-col gap-5">
                    {byKind.map((group) => (
                      <KindGroup
                        key={group.kind}
                        kind={group.kind}
                        records={group.records}
                        chosen={chosen}
                        onToggle={toggle}
                        onToggleFindings={toggleFindings}
                        onSelectAll={() => {
                          const next = new Map(chosen);
                          for (const record of group.records) {
                            // A document's flag comes from its name alone: never ticked in bulk.
                            if (selectableInBulk(record) && !next.has(keyOf(record))) {
                              next.set(keyOf(record), { kind: record.kind, id: record.id });
                            }
                          }
                          set(next);
                        }}
                      />
                    ))}
                  </div>
                  <FormMessage />
                </FormItem>
              );
            }}
          />
          <FormField
            control={form.control}
            name="days"
            render={({ field }) => (
              <FormItem>
                <fieldset aria-labelledby={expiryId} className="flex min-w-0 flex-col gap-2">
                  <legend id={expiryId} className="text-sm font-medium">
                    The link works for
                  </legend>
                  <RadioGroup
                    value={field.value}
                    onValueChange={field.onChange}
                    className="flex flex-wrap gap-4"
                    aria-labelledby={expiryId}
                  >
                    {EXPIRY_DAYS.map((days) => (
                      <div key={days} className="flex items-center gap-2">
                        <RadioGroupItem id={`${expiryId}-${days}`} value={days} />
                        <Label htmlFor={`${expiryId}-${days}`} className="font-normal">
                          {days} days
                        </Label>
                      </div>
                    ))}
                  </RadioGroup>
                </fieldset>
                <FormMessage />
              </FormItem>
            )}
          />
          <TextField
            control={form.control}
            name="label"
            label="Who it is for (optional)"
            description="Your own note, such as “DAV, Jane Smith”."
            autoComplete="off"
          />
          <div>
            <Button type="submit">{create.isPending ? 'Creating…' : 'Create the link'}</Button>
          </div>
        </fieldset>
      </form>
    </Form>
  );
}

/**
 * What "Select all" may tick: a record not protected, and never a vault document, whose protection
 * is judged from its name alone (what is inside the file is never checked).
 */
const selectableInBulk = (record: ShareableRecord) =>
  !record.protected_7332 && record.kind !== 'document';

function KindGroup({
  kind,
  records,
  chosen,
  onToggle,
  onToggleFindings,
  onSelectAll,
}: {
  kind: ShareItemKind;
  records: ShareableRecord[];
  chosen: Map<string, ShareItemInput>;
  onToggle: (record: ShareableRecord, checked: boolean) => void;
  onToggleFindings: (record: ShareableRecord, checked: boolean) => void;
  onSelectAll: () => void;
}) {
  const legendId = useId();
  const hasBulk = records.some(selectableInBulk);
  return (
    <fieldset aria-labelledby={legendId} className="flex min-w-0 flex-col gap-2">
      <legend id={legendId} className="float-left font-medium">
        {KIND_LABELS[kind]}
      </legend>
      {hasBulk ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={onSelectAll}>
            Select all {KIND_LABELS[kind].toLowerCase()} not protected
          </Button>
        </div>
      ) : null}
      {kind === 'document' ? (
        <p className="text-muted-foreground clear-left text-sm">
          Muster cannot check what is inside a file, so tick each file on its own.
        </p>
      ) : null}
      <ul className="flex min-w-0 flex-col gap-3">
        {records.map((record) => {
          const id = `share-${record.kind}-${record.id}`;
          const noteId = `${id}-note`;
          const item = chosen.get(keyOf(record));
          const isCfile = record.kind === 'cfile';
          return (
            <li key={record.id} className="flex min-w-0 flex-col gap-1">
              <div className="flex items-start gap-2">
                <Checkbox
                  id={id}
                  checked={item !== undefined}
                  onCheckedChange={(checked) => onToggle(record, checked === true)}
                  aria-describedby={record.protected_7332 ? noteId : undefined}
                  className="mt-0.5"
                />
                <Label htmlFor={id} className="font-normal break-words">
                  {record.title}
                </Label>
              </div>
              {record.protected_7332 ? (
                <p
                  id={noteId}
                  className="text-muted-foreground flex items-start gap-1.5 pl-6 text-sm"
                >
                  <ShieldAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
                  {isCfile
                    ? 'Some findings are protected by 38 U.S.C. 7332 (drug or alcohol treatment, HIV or sickle cell anemia). They are left out unless you tick them below.'
                    : PROTECTED_NOTE}
                </p>
              ) : null}
              {isCfile && record.protected_7332 && item ? (
                <div className="flex items-start gap-2 pl-6">
                  <Checkbox
                    id={`${id}-findings`}
                    checked={item.include_protected === true}
                    onCheckedChange={(checked) => onToggleFindings(record, checked === true)}
                    className="mt-0.5"
                  />
                  <Label htmlFor={`${id}-findings`} className="font-normal break-words">
                    Include its protected findings
                  </Label>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
