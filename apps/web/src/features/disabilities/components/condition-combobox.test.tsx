import type { CatalogueCondition } from '@muster/contract/conditions';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { json, mockApi, type ApiRequest } from '@/testing/api-mock';
import { createTestQueryClient } from '@/testing/render-app';

import { ConditionCombobox } from './condition-combobox';

const knee = (side: 'left' | 'right' | 'bilateral'): CatalogueCondition => ({
  label: `knee strain or sprain, ${side === 'bilateral' ? 'bilateral' : side}`,
  side_of_body: side,
  classification: { code: '8997', name: 'Musculoskeletal - Knee' },
  diagnostic_codes: side === 'left' ? ['5260'] : [],
  pact_presumptive: null,
});

/** The catalogue: knee conditions for any query mentioning a knee, nothing otherwise. */
function catalogue() {
  return mockApi({
    'GET /conditions': (request: ApiRequest) => {
      const q = request.url.searchParams.get('q') ?? '';
      return json({
        results: q.includes('knee') ? [knee('bilateral'), knee('left'), knee('right')] : [],
      });
    },
  });
}

function Harness({
  onPick,
  onSubmit,
}: {
  onPick: (c: CatalogueCondition) => void;
  onSubmit: () => void;
}) {
  const [value, setValue] = useState('');
  return (
    <QueryClientProvider client={createTestQueryClient()}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <label htmlFor="condition">Condition</label>
        <ConditionCombobox
          id="condition"
          value={value}
          onChange={setValue}
          onPick={(condition) => {
            setValue(condition.label);
            onPick(condition);
          }}
        />
      </form>
    </QueryClientProvider>
  );
}

function setup() {
  const api = catalogue();
  const onPick = vi.fn();
  const onSubmit = vi.fn();
  render(<Harness onPick={onPick} onSubmit={onSubmit} />);
  const box = screen.getByRole('combobox', { name: 'Condition' });
  return { api, onPick, onSubmit, box };
}

describe('ConditionCombobox', () => {
  it('suggests catalogue conditions once typing pauses, asking once for the whole phrase', async () => {
    const { api, box } = setup();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');

    await userEvent.type(box, 'bad knee');
    const listbox = await screen.findByRole('listbox', { name: 'Matching conditions' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'knee strain or sprain, bilateralMusculoskeletal - Knee',
      'knee strain or sprain, leftMusculoskeletal - Knee · Diagnostic code 5260',
      'knee strain or sprain, rightMusculoskeletal - Knee',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('3 matching conditions.');
    // Debounced: the typing of each letter did not ask the catalogue.
    expect(api.calls('GET', '/conditions').map((call) => call.url.searchParams.get('q'))).toEqual([
      'bad knee',
    ]);
  });

  it('moves through suggestions with the arrows and picks one with Enter, focus staying in the box', async () => {
    const { box, onPick, onSubmit } = setup();
    await userEvent.type(box, 'knee');
    await screen.findByRole('listbox');

    await userEvent.keyboard('{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    // Up from the first wraps to the last.
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    expect(onPick).toHaveBeenCalledWith(knee('left'));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(box).toHaveValue('knee strain or sprain, left');
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
  });

  it('Escape closes the list and keeps the words; Enter with nothing highlighted submits them', async () => {
    const { box, onPick, onSubmit } = setup();
    await userEvent.type(box, 'sore knee');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('sore knee');

    await userEvent.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onPick).not.toHaveBeenCalled();
  });

  it('a click picks a suggestion', async () => {
    const { box, onPick } = setup();
    await userEvent.type(box, 'knee');
    await userEvent.click(await screen.findByRole('option', { name: /right/ }));
    expect(onPick).toHaveBeenCalledWith(knee('right'));
    expect(box).toHaveFocus();
  });

  it('says when the catalogue has no match, and free text stays', async () => {
    const { box } = setup();
    await userEvent.type(box, 'ringing ears');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'No matching condition in VA’s list. Your own words are fine.',
      ),
    );
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('ringing ears');
  });
});
