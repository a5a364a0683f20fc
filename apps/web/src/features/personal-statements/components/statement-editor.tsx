import type { PersonalStatement } from '@muster/contract/personal-statements';
import { RotateCcwIcon, SaveIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { useRegisterAutosave } from '@/hooks/save-registry';
import { useAutosave, type AutosaveState } from '@/hooks/use-autosave';
import { isApiError } from '@/lib/api-error';
import { toastFeedback } from '@/lib/toast';

import { useUpdatePersonalStatement } from '../api/update-personal-statement';
import { COMPOSE_NOTE, versionLabel } from '../utils/statement-labels';
import { ConfirmDialog } from './confirm-dialog';
import { StatementTextField, statementError } from './statement-text-field';
import { StatementVersions } from './statement-versions';

export type StatementEditorProps = {
  statement: PersonalStatement;
  /** Put focus on the text once shown (it was just written). */
  shouldFocus: boolean;
  /** Writes a new statement from the answers (metered); the editor saves what waits first. */
  onWriteAgain: () => void;
  isComposing: boolean;
  /** Deletes the statement with its versions (confirmed here first). */
  onDelete: () => void;
  isDeleting: boolean;
};

/** What the save line says while a change is not on the server. */
const SAVE_STATE_TEXT: Partial<Record<AutosaveState, string>> = {
  pending: 'Changes not saved yet.',
  saving: 'Saving…',
  retrying: 'Not saved: we could not reach Muster. Trying again…',
};

type Pending =
  { kind: 'write-again' } | { kind: 'restore'; version: number; body: string } | { kind: 'delete' };

/**
 * The latest version of a statement in an editable box. Changes are saved when asked ("Save
 * changes") or when leaving the page, and each save is kept as a new version; an earlier version
 * can be read and restored. Writing it again from the answers makes a new statement, which counts
 * against the month's allowance, so it is confirmed first.
 */
export function StatementEditor({
  statement,
  shouldFocus,
  onWriteAgain,
  isComposing,
  onDelete,
  isDeleting,
}: StatementEditorProps) {
  const ref = { disabilityId: statement.disability_id, statementId: statement.id };
  const update = useUpdatePersonalStatement();
  const [draft, setDraft] = useState(statement.body);
  /** The text the server holds as the latest version, as the veteran typed it. */
  const [savedDraft, setSavedDraft] = useState(statement.body);
  const [isTouched, setTouched] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  /** The statement the last save answered, to say which version it made. */
  const lastSaved = useRef<PersonalStatement | null>(null);
  const textBox = useRef<HTMLTextAreaElement>(null);

  const autosave = useAutosave({
    value: draft,
    save: async (body: string) => {
      lastSaved.current = await update.mutateAsync({ ref, input: { body } });
      setSavedDraft(body);
    },
    isValid: (value) => statementError(value) === null,
    // Each save is a version: only a click on Save (or leaving the page) sends one.
    delayMs: null,
  });
  useRegisterAutosave(autosave);

  useEffect(() => {
    if (shouldFocus) textBox.current?.focus();
  }, [shouldFocus]);

  const isDirty = draft !== savedDraft;
  const serverError =
    autosave.state === 'refused' && isApiError(autosave.error)
      ? (autosave.error.fields?.body ?? autosave.error.message)
      : null;
  const error = isTouched || isDirty ? (statementError(draft) ?? serverError) : null;
  const isSaving = autosave.state === 'saving';
  const current = statement.versions.find(
    (summary) => summary.version === statement.latest_version,
  ) ?? {
    version: statement.latest_version,
    source: statement.source,
    created_at: statement.updated_at,
  };

  /** Saves what waits; the number of the version made, null when nothing needed saving. */
  const saveNow = async (): Promise<{ isSaved: boolean; version: number | null }> => {
    lastSaved.current = null;
    const isSaved = await autosave.flush();
    // Set by `save` while the flush ran (the compiler cannot see that through the await).
    const saved = lastSaved.current as PersonalStatement | null;
    return { isSaved, version: saved?.latest_version ?? null };
  };

  const handleSave = async () => {
    setTouched(true);
    if (!isDirty) {
      toastFeedback(
        'success',
        `No changes to save: version ${statement.latest_version} is current.`,
      );
      return;
    }
    const { isSaved, version } = await saveNow();
    if (isSaved && version !== null) {
      toastFeedback('success', `Saved as version ${version}.`);
    } else if (!isSaved) {
      textBox.current?.focus();
    }
  };

  const restore = async ({ version, body }: { version: number; body: string }) => {
    if (!isDirty && body === savedDraft) {
      toastFeedback('success', `Version ${version} has the same text as the current version.`);
      return;
    }
    // The restored text goes in the box, then is saved like any edit (so it becomes a version).
    flushSync(() => setDraft(body));
    const saved = await saveNow();
    if (saved.isSaved && saved.version !== null) {
      toastFeedback('success', `Version ${version} restored as version ${saved.version}.`);
      textBox.current?.focus();
    }
  };

  const writeAgain = async () => {
    if (isDirty) {
      const { isSaved } = await saveNow();
      if (!isSaved) {
        toastFeedback('error', 'Your changes are not saved, so nothing new was written.', {
          description: 'Correct or undo your changes first.',
        });
        return;
      }
    }
    onWriteAgain();
  };

  const confirm = () => {
    const action = pending;
    setPending(null);
    if (action?.kind === 'write-again') void writeAgain();
    if (action?.kind === 'restore') void restore(action);
  };

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-col gap-2">
        <p className="text-muted-foreground text-sm">Showing {versionLabel(current)}.</p>
        {current.source === 'veteran' ? null : <p className="max-w-prose">{COMPOSE_NOTE}</p>}
      </div>

      <div className="flex flex-col gap-3">
        <StatementTextField
          ref={textBox}
          label="Your statement"
          value={draft}
          onChange={setDraft}
          error={error}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="button"
            aria-disabled={isSaving || undefined}
            onClick={() => {
              if (!isSaving) void handleSave();
            }}
          >
            <SaveIcon aria-hidden />
            Save changes
          </Button>
          {isDirty ? (
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setDraft(savedDraft);
                setTouched(false);
                textBox.current?.focus();
              }}
            >
              <RotateCcwIcon aria-hidden />
              Undo my changes
            </Button>
          ) : null}
          {/* Always in the page, so a change of the save state is read out. */}
          <p role="status" className="text-muted-foreground text-sm empty:hidden">
            {SAVE_STATE_TEXT[autosave.state] ?? ''}
          </p>
        </div>
        <p className="text-muted-foreground text-sm">
          Each save keeps the text before it as an earlier version. Your downloads use the latest
          one.
        </p>
      </div>

      <StatementVersions
        key={statement.latest_version}
        statement={statement}
        isRestoring={isSaving}
        onRestore={(restored) => {
          if (isDirty) setPending({ kind: 'restore', ...restored });
          else void restore(restored);
        }}
      />

      <div className="flex flex-col items-start gap-3 border-t pt-4">
        <p className="text-muted-foreground max-w-prose text-sm">
          Changed your answers since? We can write a new statement from them as they are now.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button
            type="button"
            variant="outline"
            aria-disabled={isComposing || undefined}
            onClick={() => {
              if (!isComposing) setPending({ kind: 'write-again' });
            }}
          >
            {isComposing ? 'Writing your statement…' : 'Write it again from my answers'}
          </Button>
          <Button
            type="button"
            variant="ghost"
            className="text-destructive"
            onClick={() => setPending({ kind: 'delete' })}
          >
            <Trash2Icon aria-hidden />
            Delete this statement
          </Button>
        </div>
      </div>

      <ConfirmDialog
        open={pending?.kind === 'write-again'}
        title="Write it again from your answers?"
        description={
          <>
            <span>
              We write a new statement from your answers as they are now. It counts as one of the
              personal statements your plan allows each month.
            </span>
            <span>
              This statement and its versions stay saved, but the new one becomes the one you edit
              and download.
              {isDirty ? ' Your unsaved changes are saved first.' : ''}
            </span>
          </>
        }
        confirmLabel="Write it again"
        onConfirm={confirm}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
      />
      <ConfirmDialog
        open={pending?.kind === 'restore'}
        title={
          pending?.kind === 'restore' ? `Restore version ${pending.version}?` : 'Restore version?'
        }
        description="Your unsaved changes are replaced by that version’s text, which is saved as a new version."
        confirmLabel="Restore this version"
        onConfirm={confirm}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
      />
      <ConfirmDeleteDialog
        open={pending?.kind === 'delete'}
        title="Delete this statement?"
        description="The statement and every version of it are deleted. This cannot be undone."
        confirmLabel="Delete statement"
        isPending={isDeleting}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        onConfirm={onDelete}
      />
    </div>
  );
}
