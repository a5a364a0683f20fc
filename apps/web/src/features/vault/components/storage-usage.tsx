import { HardDriveIcon } from 'lucide-react';

import { Progress } from '@/components/ui/progress';
import { formatBytes } from '@/utils/format-bytes';

import { useStorageUsage } from '../api/get-storage-usage';

/** "12.3 MB of 500 MB used", or "12.3 MB used" when the plan has no cap. */
export function storageUsageText(usedBytes: number, limitBytes: number | null): string {
  return limitBytes === null
    ? `${formatBytes(usedBytes)} used`
    : `${formatBytes(usedBytes)} of ${formatBytes(limitBytes)} used`;
}

/** The storage the veteran's files take, against the plan's cap when there is one. */
export function StorageUsage() {
  const usage = useStorageUsage();
  if (usage.isPending) return <p className="text-muted-foreground text-sm">Checking storage…</p>;
  if (usage.isError) {
    return (
      <p className="text-muted-foreground text-sm">We could not check how much storage you use.</p>
    );
  }
  const { used_bytes: used, limit_bytes: limit } = usage.data;
  const text = storageUsageText(used, limit);
  return (
    <div className="flex max-w-md flex-col gap-1.5">
      <p className="flex items-center gap-2 text-sm">
        <HardDriveIcon aria-hidden className="text-muted-foreground size-4" />
        <span>{text}</span>
      </p>
      {limit !== null && limit > 0 ? (
        <Progress
          value={Math.min(100, Math.round((used / limit) * 100))}
          aria-label="Storage used"
          aria-valuetext={text}
        />
      ) : null}
    </div>
  );
}
