import { ERR } from '@muster/contract/errors';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { ThemeProvider } from '@/components/theme/theme-provider';
import { FeedbackToaster, GlobalErrorToaster } from '@/components/ui/sonner';
import { apiError, json, mockApi, type ApiRoutes } from '@/testing/api-mock';
import { createTestQueryClient } from '@/testing/render-app';

import { CONTACT_SENT_DESCRIPTION, ContactDialog } from './contact-dialog';

const MESSAGE = 'The calculator is great, thank you for building it.';

function renderDialog(routes: ApiRoutes = {}) {
  const api = mockApi(routes);
  const onOpenChange = vi.fn();

  function Harness() {
    const [isOpen, setOpen] = useState(true);
    return (
      <ContactDialog
        open={isOpen}
        onOpenChange={(open) => {
          onOpenChange(open);
          setOpen(open);
        }}
        defaultName="Jane Doe"
        defaultEmail="jane@example.com"
      />
    );
  }

  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ThemeProvider>
        <Harness />
        <FeedbackToaster />
        <GlobalErrorToaster />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Contact us' });
  return { api, onOpenChange, dialog };
}

describe('ContactDialog', () => {
  it('is prefilled, hides the honeypot and checks the fields before sending', async () => {
    const { api, dialog } = renderDialog();

    expect(within(dialog).getByLabelText('Your name')).toHaveValue('Jane Doe');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('jane@example.com');
    expect(within(dialog).getByRole('combobox', { name: 'Topic' })).toHaveTextContent('Feedback');
    // The honeypot is not offered to people or assistive technology.
    expect(within(dialog).queryByRole('textbox', { name: /website/i })).not.toBeInTheDocument();
    const honeypot = dialog.querySelector('input[name="website"]');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();

    await userEvent.clear(within(dialog).getByLabelText('Your name'));
    await userEvent.clear(within(dialog).getByLabelText('Email'));
    await userEvent.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Too short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));

    expect(await within(dialog).findByText('Required')).toBeVisible();
    expect(within(dialog).getByText('Invalid email address')).toBeVisible();
    expect(within(dialog).getByText('Please write at least 10 characters')).toBeVisible();
    expect(within(dialog).getByLabelText('Your name')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Message')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Your name')).toHaveFocus();
    expect(api.calls('POST', '/contact')).toHaveLength(0);
  });

  it('sends the message, closes, resets and shows a feedback toast', async () => {
    const { api, dialog, onOpenChange } = renderDialog({
      'POST /contact': json({ received: true }),
    });

    await userEvent.type(within(dialog).getByLabelText('Message'), MESSAGE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Contact us' })).not.toBeInTheDocument(),
    );
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(api.calls('POST', '/contact').map((request) => request.body)).toEqual([
      {
        name: 'Jane Doe',
        email: 'jane@example.com',
        topic: 'feedback',
        message: MESSAGE,
        website: '',
      },
    ]);
    const toasts = await screen.findByRole('region', { name: /Feedback notifications/ });
    expect(await within(toasts).findByText('Message sent')).toBeVisible();
    expect(within(toasts).getByText(CONTACT_SENT_DESCRIPTION)).toBeVisible();
  });

  it('puts a server field error on its field, without an error toast', async () => {
    const { dialog } = renderDialog({
      'POST /contact': apiError(400, ERR.INVALID_INPUT, {
        validation: true,
        fields: { email: 'This address cannot receive mail' },
      }),
    });

    await userEvent.type(within(dialog).getByLabelText('Message'), MESSAGE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));

    expect(await within(dialog).findByText('This address cannot receive mail')).toBeVisible();
    const email = within(dialog).getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(/This address cannot receive mail/);
    await waitFor(() => expect(email).toHaveFocus());
    // The draft stays, and the form can be sent again.
    expect(within(dialog).getByLabelText('Message')).toHaveValue(MESSAGE);
    expect(within(dialog).getByRole('button', { name: 'Send message' })).toBeEnabled();
    expect(screen.queryByText('Invalid input provided')).not.toBeInTheDocument();
  });

  it('leaves other failures to the global error toaster, once', async () => {
    const { dialog } = renderDialog({
      'POST /contact': apiError(429, ERR.RATE_LIMITED),
    });

    await userEvent.type(within(dialog).getByLabelText('Message'), MESSAGE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));

    const errors = await screen.findByRole('region', { name: /Error notifications/ });
    expect(await within(errors).findAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Contact us' })).toBeVisible();
    expect(within(dialog).getByLabelText('Message')).toHaveValue(MESSAGE);
    expect(screen.queryByText('Message sent')).not.toBeInTheDocument();
  });
});
