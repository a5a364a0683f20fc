import type { Disability } from '@muster/contract/disabilities';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';

import { ClaimProgress } from '../wizard/claim-progress';
import { DeleteDisabilityDialog } from './delete-disability-dialog';
import { DisabilityForm, type VeteranChoice } from './disability-form';
import { DisabilitySummary } from './disability-summary';

export type DisabilityOverviewProps = {
  disability: Disability;
  /** The user's veteran records, for the edit form. */
  veterans: readonly VeteranChoice[];
  /** After the disability was deleted (its page has nothing left to show). */
  onDeleted: () => void;
  /** Shown after the claim's progress: how ready the claim is (composed by the page). */
  readiness?: ReactNode;
  /** The evidence from other people for the disability (buddy statements, nexus letters). */
  evidence?: ReactNode;
};

/**
 * One disability: what is recorded so far, where the questions start, and editing or deleting it.
 * Editing swaps the details for the form in place; saving or cancelling swaps them back.
 */
export function DisabilityOverview({
  disability,
  veterans,
  onDeleted,
  readiness,
  evidence,
}: DisabilityOverviewProps) {
  const [isEditing, setEditing] = useState(false);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);

  /** Set when leaving the form: the details, once back, put focus on the button that opened it. */
  const shouldFocusEdit = useRef(false);
  useEffect(() => {
    if (isEditing || !shouldFocusEdit.current) return;
    shouldFocusEdit.current = false;
    editButton.current?.focus();
  }, [isEditing]);

  const stopEditing = () => {
    shouldFocusEdit.current = true;
    setEditing(false);
  };

  if (isEditing) {
    return (
      <section aria-labelledby="edit-disability" className="flex flex-col gap-4">
        <h2 id="edit-disability" className="text-xl font-semibold">
          Edit details
        </h2>
        <DisabilityForm
          disability={disability}
          veterans={veterans}
          submitLabel="Save changes"
          onSaved={stopEditing}
          onCancel={stopEditing}
        />
      </section>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="disability-details"
        className="flex flex-col gap-3 rounded-lg border p-4"
      >
        <h2 id="disability-details" className="text-xl font-semibold">
          Details
        </h2>
        <DisabilitySummary disability={disability} isDetailed />
        <div className="flex flex-wrap gap-2">
          <Button
            ref={editButton}
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setEditing(true)}
          >
            <PencilIcon aria-hidden />
            Edit details
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="text-destructive"
            onClick={() => setDeleteOpen(true)}
          >
            <Trash2Icon aria-hidden />
            Delete disability
          </Button>
        </div>
      </section>
      <ClaimProgress disability={disability} />
      {readiness}
      {evidence}
      <DeleteDisabilityDialog
        disability={isDeleteOpen ? { id: disability.id, title: disability.title } : null}
        onOpenChange={setDeleteOpen}
        onDeleted={onDeleted}
      />
    </div>
  );
}
