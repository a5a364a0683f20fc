import type { IntentToFile, IntentToFileState } from '@muster/contract/intent-to-file';
import { daysUntil } from '@muster/domain/deadlines';
import { formatLongDay } from '@muster/domain/format';
import { DownloadIcon, SendIcon } from 'lucide-react';
import { useId } from 'react';

import { Button } from '@/components/ui/button';
import { toastFeedback } from '@/lib/toast';

import { useDownloadIntentToFilePdf, useFileIntentToFile } from '../api/va';

/** The calendar day of a date VA gives as a day or a date-time. */
const dayOf = (value: string) => value.slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);

/** How long an intent to file still protects the start date, in words. */
export function expiryText(intent: IntentToFile, now = today()): string {
  const expires = dayOf(intent.expiration_date);
  const left = daysUntil(expires, now);
  if (left < 0) return `It expired on ${formatLongDay(expires)}.`;
  if (left === 0) return `It expires today, ${formatLongDay(expires)}: file your claim now.`;
  return `It expires on ${formatLongDay(expires)}, in ${left} ${left === 1 ? 'day' : 'days'}: file your claim before then to keep the earlier start date.`;
}

/** The paper route: VA Form 21-0966 filled from the veteran record, to sign and send. */
export function PaperIntentToFile() {
  const download = useDownloadIntentToFilePdf();
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <p className="text-sm">
        Print VA Form 21-0966, filled from your veteran record, sign it, and upload it at VA.gov or
        mail it to VA. The date VA receives it is the date that counts.
      </p>
      <div>
        <Button
          type="button"
          variant="outline"
          disabled={download.isPending}
          onClick={() => download.mutate()}
        >
          <DownloadIcon aria-hidden />
          {download.isPending ? 'Preparing the form…' : 'Download VA Form 21-0966 (PDF)'}
        </Button>
      </div>
    </div>
  );
}

/**
 * The Intent to File through VA.gov: the active one with its expiry, or a button that files one
 * (VA is asked first, so a second press never files twice).
 */
export function IntentToFilePanel({ state }: { state: IntentToFileState }) {
  const file = useFileIntentToFile();
  const headingId = useId();
  const active = state.va_active ?? (state.intent_to_file?.is_active ? state.intent_to_file : null);
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        Your Intent to File
      </h2>
      {active ? (
        <div className="bg-card flex min-w-0 flex-col gap-1 rounded-lg border p-4" role="status">
          <p className="font-medium">
            {`Active since ${formatLongDay(dayOf(active.creation_date))}.`}
          </p>
          <p className="text-sm">{expiryText(active)}</p>
          <p className="text-muted-foreground text-sm break-all">{`VA’s reference: ${active.intent_file_id}`}</p>
        </div>
      ) : state.va_connected ? (
        <>
          <p className="text-sm">
            You have no active Intent to File for compensation. Filing one now protects today as the
            earliest date your benefits can start, for one year while you gather evidence.
          </p>
          <div>
            <Button
              type="button"
              disabled={file.isPending}
              onClick={() =>
                file.mutate(undefined, {
                  onSuccess: () => toastFeedback('success', 'Your Intent to File is with VA'),
                })
              }
            >
              <SendIcon aria-hidden />
              {file.isPending ? 'Filing with VA…' : 'File my Intent to File with VA'}
            </Button>
          </div>
        </>
      ) : (
        <p className="text-sm">
          Connect VA.gov to file it from here, or print the form below and send it yourself.
        </p>
      )}
      {!state.va_connected ? <PaperIntentToFile /> : null}
    </section>
  );
}
