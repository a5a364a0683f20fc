import { LifeBuoyIcon } from 'lucide-react';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';

import { CRISIS_LINE_TEXT, CrisisCard } from './crisis-card';

/** The chat header's way to the Veterans Crisis Line: one click away on every chat page. */
export function CrisisLineButton() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" className="text-destructive">
          <LifeBuoyIcon aria-hidden />
          {CRISIS_LINE_TEXT.title}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{CRISIS_LINE_TEXT.title}</DialogTitle>
          <DialogDescription>Talk to a qualified responder now.</DialogDescription>
        </DialogHeader>
        <CrisisCard showTitle={false} isStacked />
      </DialogContent>
    </Dialog>
  );
}
