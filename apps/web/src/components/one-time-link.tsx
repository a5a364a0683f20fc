import { CopyIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toastFeedback } from '@/lib/toast';

/**
 * A link made for someone without an account (a witness, a physician), shown once: only its hash
 * is kept, so this is the one chance to copy it. `actions` go beside the copy button.
 */
export function OneTimeLink({
  message,
  label,
  url,
  actions,
}: {
  message: string;
  label: string;
  url: string;
  actions?: ReactNode;
}) {
  const fieldId = useId();
  return (
    <div className="bg-card flex min-w-0 flex-col gap-3 rounded-lg border p-4" role="status">
      <p className="font-medium">{message}</p>
      <label htmlFor={fieldId} className="text-sm">
        {label}
      </label>
      <Input id={fieldId} readOnly value={url} onFocus={(event) => event.target.select()} />
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            void navigator.clipboard
              .writeText(url)
              .then(() => toastFeedback('success', 'Link copied'))
              .catch(() => toastFeedback('error', 'Could not copy: select the link and copy it'))
          }
        >
          <CopyIcon aria-hidden />
          Copy link
        </Button>
        {actions}
      </div>
    </div>
  );
}
