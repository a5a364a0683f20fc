import { zodResolver } from '@hookform/resolvers/zod';
import {
  updateUserProfileInputSchema,
  type UpdateUserProfileInput,
  type UserProfile,
} from '@muster/contract/users';
import { BRANCHES, UnknownBranchError, findBranch } from '@muster/domain/branches';
import { ShieldIcon, XIcon } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { TextField } from '@/components/ui/text-field';
import { useServerFieldErrors } from '@/lib/form-errors';

import { useUpdateProfile } from '../api/update-profile';

type ProfileFormInput = z.input<typeof updateUserProfileInputSchema>;
type ProfileFormValues = {
  first_name: string;
  last_name: string;
  served_branches: { branch: string }[];
};

const FIELD_NAMES = ['first_name', 'last_name', 'served_branches'] as const;
const MAX_BRANCHES = 6;

/** How a stored branch ("Army") is shown ("U.S. Army"). */
export function branchDisplayName(branch: string): string {
  return BRANCHES.find((candidate) => candidate.id === branch)?.displayName ?? branch;
}

export type ProfileFormProps = {
  profile: Pick<UserProfile, 'id' | 'first_name' | 'last_name' | 'has_name' | 'served_branches'>;
  submitLabel: string;
  onSaved?: (profile: UserProfile) => void;
};

/**
 * Name and served branches, validated with the contract's `updateUserProfileInputSchema`. The
 * branch field accepts any common spelling (USMC, U.S. Army, navy…) and stores the canonical
 * branch; an unknown name says so.
 */
export function ProfileForm({ profile, submitLabel, onSaved }: ProfileFormProps) {
  const datalistId = useId();
  const updateProfile = useUpdateProfile({ userId: profile.id });
  const [branchText, setBranchText] = useState('');

  const form = useForm<ProfileFormInput, unknown, UpdateUserProfileInput>({
    resolver: zodResolver(updateUserProfileInputSchema),
    defaultValues: {
      // The sign-up placeholder ("Veteran Tango") is not a name to edit: the fields start empty.
      first_name: profile.has_name ? profile.first_name : '',
      last_name: profile.has_name ? profile.last_name : '',
      served_branches: profile.served_branches.map(({ branch }) => ({ branch })),
    } satisfies ProfileFormValues,
  });
  const branches = useFieldArray({ control: form.control, name: 'served_branches' });
  const showServerErrors = useServerFieldErrors(form, updateProfile.isPending);

  /** Adds the typed branch; false (with the field's error set) when it cannot. */
  const addBranch = (): boolean => {
    const text = branchText.trim();
    if (text === '') return true;
    const branch = findBranch(text);
    if (!branch) {
      form.setError('served_branches', { message: new UnknownBranchError(text).message });
      return false;
    }
    const current = form.getValues('served_branches') ?? [];
    if (!current.some((entry) => entry.branch === branch)) {
      if (current.length >= MAX_BRANCHES) {
        form.setError('served_branches', { message: 'You can list up to six branches' });
        return false;
      }
      branches.append({ branch });
    }
    form.clearErrors('served_branches');
    setBranchText('');
    return true;
  };

  const handleBranchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addBranch();
  };

  const submit = form.handleSubmit((values) =>
    updateProfile.mutate(values, {
      onSuccess: (saved) => onSaved?.(saved),
      onError: (error) => showServerErrors(error, FIELD_NAMES),
    }),
  );

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    // A branch typed but not added yet counts too.
    if (!addBranch()) {
      event.preventDefault();
      return;
    }
    void submit(event);
  };

  return (
    <Form {...form}>
      <form onSubmit={handleSubmit} noValidate className="flex max-w-xl flex-col gap-5">
        <fieldset disabled={updateProfile.isPending} className="flex flex-col gap-5">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              control={form.control}
              name="first_name"
              label="First name"
              autoComplete="given-name"
            />
            <TextField
              control={form.control}
              name="last_name"
              label="Last name"
              autoComplete="family-name"
            />
          </div>

          <FormField
            control={form.control}
            name="served_branches"
            render={() => (
              <FormItem>
                <FormLabel>Branch of service</FormLabel>
                <div className="flex gap-2">
                  <FormControl>
                    <Input
                      list={datalistId}
                      autoComplete="off"
                      value={branchText}
                      onChange={(event) => {
                        setBranchText(event.target.value);
                        form.clearErrors('served_branches');
                      }}
                      onKeyDown={handleBranchKeyDown}
                    />
                  </FormControl>
                  <Button type="button" variant="outline" onClick={() => addBranch()}>
                    Add branch
                  </Button>
                </div>
                <datalist id={datalistId}>
                  {BRANCHES.map((branch) => (
                    <option key={branch.id} value={branch.displayName} />
                  ))}
                </datalist>
                <FormDescription>
                  Each branch you served in. Any common name works, such as Army, USMC or U.S. Coast
                  Guard.
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />

          {branches.fields.length > 0 ? (
            <ul aria-label="Served in" className="flex flex-wrap gap-2">
              {branches.fields.map((entry, index) => {
                const name = branchDisplayName(entry.branch);
                return (
                  <li
                    key={entry.id}
                    className="bg-secondary text-secondary-foreground flex items-center gap-1 rounded-full py-1 pr-1 pl-3 text-sm"
                  >
                    {name}
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-6 rounded-full"
                      aria-label={`Remove ${name}`}
                      onClick={() => branches.remove(index)}
                    >
                      <XIcon aria-hidden />
                    </Button>
                  </li>
                );
              })}
            </ul>
          ) : (
            <EmptyState icon={ShieldIcon} size="compact">
              No branches added yet. Add each one you served in: your branches come first in the
              theme menu.
            </EmptyState>
          )}

          <div>
            <Button type="submit">{submitLabel}</Button>
          </div>
        </fieldset>
      </form>
    </Form>
  );
}
