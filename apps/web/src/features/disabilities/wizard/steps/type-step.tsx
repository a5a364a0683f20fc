import {
  CLAIM_TYPES,
  NARRATIVE_MAX,
  updateDisabilityInputSchema,
  type ClaimType,
  type Disability,
} from '@muster/contract/disabilities';
import {
  SECONDARY_RELATIONS,
  createSecondaryDisabilityInputSchema,
  type SecondaryDisability,
} from '@muster/contract/disability-records';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import type { z } from 'zod';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { PageSpinner } from '@/components/ui/spinner';

import { disabilitiesQueryOptions } from '../../api/get-disabilities';
import { useUpdateDisability } from '../../api/update-disability';
import { CLAIM_TYPE_LABELS, CLAIM_TYPE_TERMS } from '../../utils/disability-labels';
import { CheckboxListField, RadioChoiceField, TextAreaField } from '../fields';
import { useStepForm } from '../use-step-form';
import { useSecondaryLinks, useSecondaryWriter } from '../wizard-api';

const CLAIM_TYPE_HELP: Record<ClaimType, string> = {
  direct: 'An injury, illness or event during service, and you still have the condition.',
  secondary:
    'For example, knee pain from a service-connected back condition changing how you walk.',
  worsened_by_service: 'You had the condition when you joined, and service made it worse.',
  caused_by_va_care: 'Treatment or surgery at a VA facility caused the condition or made it worse.',
  presumptive:
    'You served where or when VA presumes certain conditions come from service (burn pits, Agent Orange, Camp Lejeune, the Gulf War).',
};

const RELATION_LABELS: Record<(typeof SECONDARY_RELATIONS)[number], string> = {
  caused: 'It caused this condition',
  aggravated: 'It made this condition worse',
};

const claimTypeForm = updateDisabilityInputSchema;
type ClaimTypeValue = { claim_type: ClaimType | null };

/**
 * The first page: how the condition connects to service. For a secondary condition it also asks
 * which of the veteran's other conditions caused or worsened it, and how.
 */
export function TypeStep({ disability }: { disability: Disability }) {
  const update = useUpdateDisability();
  const form = useStepForm<ClaimTypeValue>({
    initial: { claim_type: disability.claim_type },
    schema: claimTypeForm,
    save: (value) => update.mutateAsync({ disabilityId: disability.id, input: value }),
  });
  return (
    <div className="flex flex-col gap-8">
      <RadioChoiceField
        label="How is this condition connected to your service?"
        hint="Not sure? Pick the closest one; you can change it at any time."
        value={form.value.claim_type}
        onChange={(next) => form.set('claim_type', next)}
        choices={CLAIM_TYPES.map((type) => ({
          value: type,
          label: `${CLAIM_TYPE_LABELS[type]} (${CLAIM_TYPE_TERMS[type]})`,
          description: CLAIM_TYPE_HELP[type],
        }))}
        error={form.errors.claim_type}
      />
      {form.value.claim_type === 'secondary' ? <SecondaryLink disability={disability} /> : null}
    </div>
  );
}

function SecondaryLink({ disability }: { disability: Disability }) {
  const links = useSecondaryLinks(disability.id);
  // The veteran's other conditions: the primaries this one can rest on.
  const others = useQuery({
    ...disabilitiesQueryOptions({ q: '', page: 1, pageSize: 100 }),
    throwOnError: false,
  });
  if (links.isError || others.isError) {
    return (
      <QueryErrorPanel
        title="We could not load your other conditions"
        error={links.error ?? others.error}
        onRetry={() => {
          void links.refetch();
          void others.refetch();
        }}
      />
    );
  }
  if (!links.data || !others.data) return <PageSpinner label="Loading your other conditions" />;
  const choices = others.data.results
    .filter((entry) => entry.id !== disability.id)
    .map((entry) => ({ value: entry.id, label: entry.title }));
  if (choices.length === 0) {
    return (
      <p className="bg-muted/50 rounded-md border p-3 text-sm">
        A secondary condition rests on another condition of yours. Add that condition first from
        your disabilities list, then come back to name it here.
      </p>
    );
  }
  return (
    <SecondaryLinkForm disabilityId={disability.id} existing={links.data[0]} choices={choices} />
  );
}

const secondaryDraftSchema = createSecondaryDisabilityInputSchema;
type SecondaryDraft = z.input<typeof secondaryDraftSchema>;

function SecondaryLinkForm({
  disabilityId,
  existing,
  choices,
}: {
  disabilityId: string;
  existing: SecondaryDisability | undefined;
  choices: { value: string; label: string }[];
}) {
  const write = useSecondaryWriter(disabilityId);
  // The link once created: later saves change it instead of adding another.
  const saved = useRef(existing);
  const form = useStepForm<SecondaryDraft>({
    initial: {
      primary_ids: existing?.primary_ids.filter((id) => choices.some((c) => c.value === id)) ?? [],
      relation: existing?.relation ?? 'caused',
      explanation: existing?.explanation ?? null,
    },
    schema: secondaryDraftSchema,
    save: async (value) => {
      saved.current = await write(saved.current, value);
    },
    validate: true,
  });
  return (
    <section aria-labelledby="secondary-heading" className="flex flex-col gap-6">
      <h2 id="secondary-heading" className="text-lg font-semibold">
        The condition behind it
      </h2>
      <CheckboxListField
        label="Which of your conditions caused it or made it worse?"
        value={form.value.primary_ids}
        onChange={(next) => form.set('primary_ids', next)}
        choices={choices}
        error={form.errors.primary_ids}
      />
      <RadioChoiceField
        label="What did it do?"
        value={form.value.relation ?? 'caused'}
        onChange={(next) => form.set('relation', next)}
        choices={SECONDARY_RELATIONS.map((relation) => ({
          value: relation,
          label: RELATION_LABELS[relation],
        }))}
      />
      <TextAreaField
        label="How?"
        hint="For example: “My back pain changed how I walk, and my left knee took the strain.”"
        value={form.value.explanation}
        onChange={(next) => form.set('explanation', next)}
        maxLength={NARRATIVE_MAX}
        error={form.errors.explanation}
      />
    </section>
  );
}
