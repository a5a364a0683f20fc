import type { ComponentProps, ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';

import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from './form';
import { Input } from './input';
import { Textarea } from './textarea';

type FieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  /** Help under the control, tied to it with aria-describedby. */
  description?: ReactNode;
};

/** What the control itself takes; the form supplies its value and handlers. */
type OwnProps<C extends 'input' | 'textarea'> = Omit<
  ComponentProps<C>,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref'
>;

/** An empty text control for a field the form holds as null or undefined. */
function textValue(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

type BoundField = ReturnType<typeof bindText>;

/** The form's field props for a text control, an absent value shown as empty. */
function bindText(field: {
  name: string;
  value: unknown;
  onChange: (...event: unknown[]) => void;
  onBlur: () => void;
  disabled?: boolean;
  ref: (instance: HTMLInputElement | HTMLTextAreaElement | null) => void;
}) {
  return { ...field, value: textValue(field.value) };
}

/** Label, control, optional description and the field's error message, wired together. */
function LabelledField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  renderControl,
}: FieldProps<T> & { renderControl: (field: BoundField) => ReactNode }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>{renderControl(bindText(field))}</FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** A labelled one-line text field of a react-hook-form form. */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  ...inputProps
}: FieldProps<T> & OwnProps<'input'>) {
  return (
    <LabelledField
      {...{ control, name, label, description }}
      renderControl={(field) => <Input {...inputProps} {...field} />}
    />
  );
}

/** A labelled text field of several lines. */
export function TextAreaField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  ...textareaProps
}: FieldProps<T> & OwnProps<'textarea'>) {
  return (
    <LabelledField
      {...{ control, name, label, description }}
      renderControl={(field) => <Textarea {...textareaProps} {...field} />}
    />
  );
}
