import { ERR } from '@muster/contract/errors';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { upgradePrompt } from '@/lib/upgrade-prompt';
import { apiError, json, mockApi } from '@/testing/api-mock';
import { createTestQueryClient } from '@/testing/render-app';

import { ConsentDialog, providerDisclosure } from './consent-dialog';

const PROVIDER = { name: 'Anthropic', model: 'claude-sonnet', host: 'api.anthropic.com' };

function renderDialog(onChosen = vi.fn(), onOpenChange = vi.fn()) {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ConsentDialog provider={PROVIDER} open onOpenChange={onOpenChange} onChosen={onChosen} />
    </QueryClientProvider>,
  );
  return {
    onChosen,
    onOpenChange,
    dialog: screen.getByRole('dialog', { name: 'May chat use Anthropic?' }),
  };
}

describe('<ConsentDialog>', () => {
  it('says exactly what leaves Muster, where and to which model, and what never does', () => {
    mockApi();
    const { dialog } = renderDialog();
    expect(providerDisclosure(PROVIDER)).toBe(
      'Your message, and the knowledge-base passages and details from your records used to answer it, go to Anthropic at api.anthropic.com, using claude-sonnet. So do the decisions read from a decision letter you analyze (never the letter’s text), for a plain-language summary.',
    );
    expect(dialog).toHaveTextContent(providerDisclosure(PROVIDER));
    expect(dialog).toHaveTextContent(
      'Text about drug or alcohol treatment, HIV or sickle cell is never sent.',
    );
    expect(dialog).toHaveTextContent(
      'If you keep chat offline-only: nothing leaves Muster; the assistant answers from Muster’s built-in knowledge base.',
    );
    expect(within(dialog).getByRole('button', { name: 'Use Anthropic' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Keep chat offline-only' })).toBeVisible();
  });

  it.each([
    ['Use Anthropic', 'provider'],
    ['Keep chat offline-only', 'offline'],
  ] as const)('"%s" saves consent "%s", then reports the choice', async (label, consent) => {
    const api = mockApi({
      'PATCH /ai/settings': json({ consent, provider: PROVIDER }),
    });
    const { dialog, onChosen } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: label }));
    await waitFor(() => expect(onChosen).toHaveBeenCalledWith(consent));
    expect(api.calls('PATCH', '/ai/settings')[0]?.body).toEqual({ consent });
  });

  it('reports nothing chosen when saving fails', async () => {
    mockApi({ 'PATCH /ai/settings': apiError(403, ERR.FORBIDDEN) });
    const { dialog, onChosen } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use Anthropic' }));
    // The failure goes to the app's error handling (here a permission refusal).
    await waitFor(() => expect(upgradePrompt.get()).not.toBeNull());
    expect(onChosen).not.toHaveBeenCalled();
  });
});
