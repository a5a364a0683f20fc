import type { CatalogueCondition } from '@muster/contract/conditions';
import { useId, useState, type ComponentProps, type KeyboardEvent, type Ref } from 'react';

import { Input } from '@/components/ui/input';
import { cn } from '@/utils/cn';

import { useConditionSearch } from '../api/search-conditions';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/** How long typing must pause before the catalogue is asked. */
export const CONDITION_SEARCH_DEBOUNCE_MS = 250;
/** Fewer letters than this find too much to be useful. */
const MIN_QUERY_LENGTH = 2;

export type ConditionComboboxProps = {
  value: string;
  /** Every change of the text: the title is free text, a suggestion is only a help. */
  onChange: (value: string) => void;
  /** A suggestion was chosen (the text becomes its label too). */
  onPick: (condition: CatalogueCondition) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
} & Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'onBlur' | 'ref' | 'role'>;

/** What sets one suggestion apart from its neighbours: the classification and the codes. */
function conditionDetail(condition: CatalogueCondition): string {
  const codes = condition.diagnostic_codes.length
    ? ` · Diagnostic code ${condition.diagnostic_codes.join(', ')}`
    : '';
  return `${condition.classification.name}${codes}`;
}

/**
 * A text box that suggests catalogue conditions as the veteran types (WAI-ARIA combobox with a
 * listbox popup): Down and Up move through the suggestions, Enter picks the highlighted one,
 * Escape closes the list, and focus stays in the box throughout. Typing anything else keeps the
 * veteran's own words. The catalogue is asked once typing pauses; how many suggestions there are
 * is announced.
 */
export function ConditionCombobox({
  value,
  onChange,
  onPick,
  onBlur,
  ref,
  className,
  ...inputProps
}: ConditionComboboxProps) {
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  // Open only after the veteran typed or asked for it: a picked or saved title shows no list.
  const [isOpen, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);

  const query = value.trim();
  const debouncedQuery = useDebouncedValue(query, CONDITION_SEARCH_DEBOUNCE_MS);
  const searchFor = debouncedQuery.length >= MIN_QUERY_LENGTH ? debouncedQuery : '';
  const search = useConditionSearch(searchFor);
  // Suggestions belong to what is typed now; answers for older text are not offered.
  const isCurrent = searchFor !== '' && searchFor === query && !search.isPlaceholderData;
  const suggestions = isCurrent ? (search.data?.results ?? []) : [];
  const isExpanded = isOpen && suggestions.length > 0;
  const active = isExpanded && activeIndex >= 0 ? activeIndex : -1;

  const status = (() => {
    if (!isOpen || query.length < MIN_QUERY_LENGTH) return '';
    if (!isCurrent || search.isFetching) return 'Looking for matching conditions…';
    if (search.isError)
      return 'Suggestions are not available right now. Type the condition in your own words.';
    if (suggestions.length === 0)
      return 'No matching condition in VA’s list. Your own words are fine.';
    return `${suggestions.length} matching condition${suggestions.length === 1 ? '' : 's'}. Use the up and down arrows to choose one.`;
  })();

  const pick = (condition: CatalogueCondition) => {
    onPick(condition);
    setOpen(false);
    setActiveIndex(-1);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown': {
        event.preventDefault();
        setOpen(true);
        if (event.altKey || suggestions.length === 0) return;
        setActiveIndex(active < 0 || active >= suggestions.length - 1 ? 0 : active + 1);
        return;
      }
      case 'ArrowUp': {
        event.preventDefault();
        setOpen(true);
        if (suggestions.length === 0) return;
        setActiveIndex(active <= 0 ? suggestions.length - 1 : active - 1);
        return;
      }
      case 'Enter': {
        const condition = active >= 0 ? suggestions[active] : undefined;
        // Nothing highlighted: Enter submits the form, as in any text box.
        if (!condition) return;
        event.preventDefault();
        pick(condition);
        return;
      }
      case 'Escape': {
        if (!isExpanded) return;
        // Closes the list only, not a dialog around the form.
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActiveIndex(-1);
        return;
      }
      default:
        return;
    }
  };

  return (
    <div className="relative min-w-0">
      <Input
        {...inputProps}
        ref={ref}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={isExpanded}
        aria-controls={listboxId}
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        value={value}
        className={cn('w-full', className)}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActiveIndex(-1);
        }}
        onKeyDown={handleKeyDown}
        onBlur={() => {
          setOpen(false);
          setActiveIndex(-1);
          onBlur?.();
        }}
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Matching conditions"
        hidden={!isExpanded}
        className="bg-popover text-popover-foreground absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-md border p-1 shadow-md"
      >
        {isExpanded
          ? suggestions.map((condition, index) => (
              // The keyboard reaches the options through the box, which keeps focus (Down, Up, Enter).
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={condition.label}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={cn(
                  'flex cursor-pointer flex-col rounded-sm px-2 py-1.5 text-sm',
                  index === active && 'bg-accent text-accent-foreground',
                )}
                // Keeps focus in the box: the click picks without a blur closing the list first.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActiveIndex(index)}
                onClick={() => pick(condition)}
              >
                <span className="font-medium break-words">{condition.label}</span>
                <span className="text-muted-foreground text-xs">{conditionDetail(condition)}</span>
              </li>
            ))
          : null}
      </ul>
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}
