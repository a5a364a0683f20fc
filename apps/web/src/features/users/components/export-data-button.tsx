import { DownloadIcon } from 'lucide-react';

import { Button, type ButtonProps } from '@/components/ui/button';
import { toastSuccess } from '@/lib/toast';

import { useExportUserData } from '../api/export-user-data';

export type ExportDataButtonProps = {
  userId: string;
  variant?: ButtonProps['variant'];
};

/** "Export all my data": always available, whatever the subscription says. */
export function ExportDataButton({ userId, variant = 'outline' }: ExportDataButtonProps) {
  const exportData = useExportUserData({ userId });
  return (
    <Button
      type="button"
      variant={variant}
      disabled={exportData.isPending}
      aria-busy={exportData.isPending}
      onClick={() =>
        exportData.mutate(undefined, {
          onSuccess: () => toastSuccess('Your data export has downloaded'),
        })
      }
    >
      <DownloadIcon aria-hidden />
      Export all my data
    </Button>
  );
}
