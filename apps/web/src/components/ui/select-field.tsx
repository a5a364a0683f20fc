import type { ComponentProps, ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';

import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/utils/cn';

export type SelectFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  description?: ReactNode;
  /** The `<option>`s (and `<optgroup>`s). */
  children: ReactNode;
} & Omit<ComponentProps<'select'>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'>;

/** A labelled native select of a react-hook-form form, its error and help tied to it. */
export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  children,
  className,
  ...selectProps
}: SelectFieldProps<T>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <NativeSelect
              {...selectProps}
              {...field}
              value={typeof field.value === 'string' ? field.value : ''}
              className={cn('w-full min-w-0', className)}
            >
              {children}
            </NativeSelect>
          </FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
