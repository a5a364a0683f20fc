import { MESSAGE_MAX } from '@muster/contract/chat';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { Composer } from './composer';

describe('<Composer>', () => {
  it('sends the trimmed text with Enter and leaves clearing to the page', async () => {
    const onSend = vi.fn();
    render(<Composer onSend={onSend} isBusy={false} />);
    const field = screen.getByRole('textbox', { name: 'Message' });
    expect(field).toHaveAccessibleDescription('Enter sends; Shift+Enter starts a new line.');
    await userEvent.type(field, '  Knee pain  {Enter}');
    expect(onSend).toHaveBeenCalledWith('Knee pain', { clear: expect.any(Function) as unknown });
    // Not cleared until the page says the message went.
    expect(field).toHaveValue('  Knee pain  ');
    const [, controls] = onSend.mock.calls[0] as [string, { clear: () => void }];
    controls.clear();
    await vi.waitFor(() => expect(field).toHaveValue(''));
    expect(field).toHaveFocus();
  });

  it('refuses more than 8,000 characters, counting them as the limit nears', async () => {
    const onSend = vi.fn();
    render(<Composer onSend={onSend} isBusy={false} />);
    const field = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(field, { target: { value: 'a'.repeat(MESSAGE_MAX + 1) } });
    expect(screen.getByText('8,001 of 8,000 characters')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('At most 8000 characters')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('while a reply is coming: no sending, and Stop ends it', async () => {
    const onSend = vi.fn();
    const onStop = vi.fn();
    const { rerender } = render(<Composer onSend={onSend} isBusy onStop={onStop} />);
    const field = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(field, 'Next question{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    const stop = screen.getByRole('button', { name: 'Stop' });
    stop.focus();
    // The reply finishes while Stop has focus: focus goes back to the field, not the page.
    rerender(<Composer onSend={onSend} isBusy={false} onStop={onStop} />);
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    expect(field).toHaveFocus();

    rerender(<Composer onSend={onSend} isBusy onStop={onStop} />);
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalledTimes(1);
    expect(field).toHaveFocus();
  });

  it('takes back a failed send’s text once', () => {
    const onDraftTaken = vi.fn();
    const { rerender } = render(
      <Composer
        onSend={vi.fn()}
        isBusy={false}
        restoredDraft="Lost words"
        onDraftTaken={onDraftTaken}
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Message' });
    expect(field).toHaveValue('Lost words');
    expect(field).toHaveFocus();
    expect(onDraftTaken).toHaveBeenCalledTimes(1);
    rerender(
      <Composer onSend={vi.fn()} isBusy={false} restoredDraft={null} onDraftTaken={onDraftTaken} />,
    );
    expect(onDraftTaken).toHaveBeenCalledTimes(1);
  });
});
