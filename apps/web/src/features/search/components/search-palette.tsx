import { SearchXIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

import {
  CommandDialog,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
} from '@/components/ui/command';
import { EmptyState } from '@/components/ui/empty-state';
import { SEARCH_PALETTE } from '@/config/constants';

import { useSearch } from '../api/search';

import { toPaletteGroups } from './palette-groups';

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export type SearchPaletteProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** The "Search Anything" palette, loaded on first open. */
export function SearchPalette({ open, onOpenChange }: SearchPaletteProps) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const q = useDebounced(query.trim(), SEARCH_PALETTE.debounceMs);
  const results = useSearch(q, { enabled: open });
  const groups = toPaletteGroups(results.data);
  const isSettled = results.isFetched && !results.isPlaceholderData && q === query.trim();

  return (
    <CommandDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Search"
      description="Search your disabilities, documents and conversations."
      shouldFilter={false}
      label="Search Anything"
    >
      <CommandInput value={query} onValueChange={setQuery} placeholder="Search Anything..." />
      {/* Messages sit outside the listbox: a listbox without options is an accessibility error. */}
      {results.isError ? (
        <p role="alert" className="py-6 text-center text-sm">
          Search is unavailable right now. Try again in a moment.
        </p>
      ) : isSettled && groups.length === 0 ? (
        <div role="status" className="px-3 py-4">
          <EmptyState icon={SearchXIcon} title="No results found." className="border-0 p-0">
            Try another word. Search looks through your disabilities, documents and conversations.
          </EmptyState>
        </div>
      ) : null}
      {/* The listbox stays in the page (the input points at it) but is hidden while empty. */}
      <CommandList className="max-h-[300px]" hidden={groups.length === 0}>
        {groups.map((group) => (
          <CommandGroup key={group.heading} heading={group.heading}>
            {group.items.map((item) => (
              <CommandItem
                key={item.key}
                value={item.key}
                onSelect={() => {
                  onOpenChange(false);
                  void navigate(item.href);
                }}
              >
                <span className="flex min-w-0 flex-col">
                  <span className="truncate">{item.label}</span>
                  {item.detail ? (
                    <span className="text-muted-foreground truncate text-xs">{item.detail}</span>
                  ) : null}
                </span>
                {item.badge ? (
                  <span className="bg-secondary text-secondary-foreground ml-auto rounded px-1.5 py-0.5 text-xs uppercase">
                    {item.badge}
                  </span>
                ) : null}
              </CommandItem>
            ))}
          </CommandGroup>
        ))}
      </CommandList>
    </CommandDialog>
  );
}
