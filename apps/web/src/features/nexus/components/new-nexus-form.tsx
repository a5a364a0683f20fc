import { OPINION_BASES, type OpinionBasis } from '@muster/contract/nexus-letters';
import { StampIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

import { useDisabilityChoices } from '@/lib/disability-choices';
import { useCreateNexusLetter } from '../api/nexus';
import { BASIS_LABELS } from './labels';

/**
 * Starts a nexus letter for one of the veteran's disabilities (`?disability=` chooses it ahead):
 * the letter comes prefilled from the disability, and opens to be completed.
 */
export function NewNexusForm() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const disabilities = useDisabilityChoices();
  const create = useCreateNexusLetter();
  const disabilityFieldId = useId();
  const basisFieldId = useId();
  const [chosen, setChosen] = useState<string | null>(searchParams.get('disability'));
  const [basis, setBasis] = useState<OpinionBasis | ''>('');

  if (disabilities.isError) {
    return (
      <QueryErrorPanel
        title="We could not load your disabilities"
        error={disabilities.error}
        onRetry={() => void disabilities.refetch()}
        isRetrying={disabilities.isFetching}
      />
    );
  }
  if (!disabilities.data) return <Spinner label="Loading your disabilities" />;
  const options = disabilities.data.results;
  if (options.length === 0) {
    return (
      <EmptyState
        icon={StampIcon}
        action={{ label: 'Add a disability', href: paths.disabilities.new.getHref() }}
      >
        A nexus letter is written for one of your disabilities. Add the condition first.
      </EmptyState>
    );
  }
  const disabilityId =
    chosen && options.some((option) => option.id === chosen) ? chosen : options[0]!.id;

  const start = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { disabilityId, input: basis ? { opinion_basis: basis } : {} },
      { onSuccess: (letter) => void navigate(paths.nexus.detail.getHref(letter.id)) },
    );
  };

  return (
    <form onSubmit={start} className="flex min-w-0 flex-col gap-4">
      <fieldset disabled={create.isPending} className="flex min-w-0 flex-col gap-4">
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={disabilityFieldId}>The condition</Label>
          <NativeSelect
            id={disabilityFieldId}
            value={disabilityId}
            onChange={(event) => setChosen(event.target.value)}
            className="max-w-full"
          >
            {options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.title}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={basisFieldId}>How it is connected to service</Label>
          <NativeSelect
            id={basisFieldId}
            value={basis}
            onChange={(event) => setBasis(event.target.value as OpinionBasis | '')}
            className="max-w-full"
          >
            <option value="">As recorded for the disability</option>
            {OPINION_BASES.map((value) => (
              <option key={value} value={value}>
                {BASIS_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div>
          <Button type="submit">{create.isPending ? 'Starting…' : 'Start the letter'}</Button>
        </div>
      </fieldset>
    </form>
  );
}
