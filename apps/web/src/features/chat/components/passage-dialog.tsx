import type { Citation } from '@muster/contract/chat';
import { formatDay } from '@muster/domain/format';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

import { useKnowledgePassage } from '../api/get-knowledge-passage';

export type PassageDialogProps = {
  /** The citation to open; `null` closes the dialog. */
  citation: Citation | null;
  onOpenChange: (open: boolean) => void;
};

/** `2024-05-01` (or a full timestamp) → `May 1, 2024`. */
function amendedOn(changedOn: string): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(changedOn)?.[0];
  return day ? formatDay(day) : changedOn;
}

function PassageBody({ citation }: { citation: Citation }) {
  const passage = useKnowledgePassage(citation.passage_id);
  if (passage.isPending) return <Spinner label="Loading the passage" />;
  if (passage.isError) {
    return (
      <QueryErrorPanel
        title="We could not load this passage"
        error={passage.error}
        onRetry={() => void passage.refetch()}
        isRetrying={passage.isFetching}
        headingLevel={3}
      />
    );
  }
  const { text, source, changed_on: changedOn } = passage.data;
  return (
    <div className="flex flex-col gap-3 text-sm">
      <blockquote className="border-primary/40 border-l-4 pl-3 break-words whitespace-pre-line">
        {text}
      </blockquote>
      <p className="text-muted-foreground">
        <span className="font-medium">Source:</span> {source}
      </p>
      {changedOn ? (
        <p className="font-medium">
          This rule has been amended since this text: amended on {amendedOn(changedOn)}.
        </p>
      ) : null}
    </div>
  );
}

/** The passage a reply cites: the quoted text, where it comes from, and whether it has changed. */
export function PassageDialog({ citation, onOpenChange }: PassageDialogProps) {
  return (
    <Dialog open={citation !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {citation ? (
          <>
            <DialogHeader>
              <DialogTitle className="leading-snug">{citation.citation}</DialogTitle>
              <DialogDescription>{citation.title}</DialogDescription>
            </DialogHeader>
            <PassageBody citation={citation} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
