import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { Button } from './button';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from './form';
import { Input } from './input';

const schema = z.object({
  email: z.email('Enter a valid email address'),
});
type Values = z.infer<typeof schema>;

function EmailForm({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <fieldset disabled={form.formState.isSubmitting}>
          <FormField
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Email</FormLabel>
                <FormControl>
                  <Input type="email" {...field} />
                </FormControl>
                <FormDescription>We send your sign-in code here.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button type="submit">Send code</Button>
        </fieldset>
      </form>
    </Form>
  );
}

describe('Form primitives', () => {
  it('labels the control and describes it', () => {
    render(<EmailForm onSubmit={vi.fn()} />);

    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAccessibleDescription('We send your sign-in code here.');
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows the schema’s message and marks the control invalid', async () => {
    const onSubmit = vi.fn();
    render(<EmailForm onSubmit={onSubmit} />);

    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));

    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(await screen.findByText('Enter a valid email address')).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'We send your sign-in code here. Enter a valid email address',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits valid values', async () => {
    const onSubmit = vi.fn();
    render(<EmailForm onSubmit={onSubmit} />);

    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'vet@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));

    expect(onSubmit).toHaveBeenCalledWith({ email: 'vet@example.com' }, expect.anything());
  });
});
