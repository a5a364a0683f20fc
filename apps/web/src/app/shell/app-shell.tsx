import { PanelLeftIcon, SearchIcon } from 'lucide-react';
import { lazy, useEffect, useState } from 'react';

import { NonEssential } from '@/components/errors/non-essential';
import { isShortcut, useSidebar } from '@/components/layouts/sidebar-state';
import { Button } from '@/components/ui/button';
import { SEARCH_PALETTE } from '@/config/constants';
import { cn } from '@/utils/cn';

// The palette (cmdk) loads on first use (first-load budget).
const SearchPalette = lazy(() =>
  import('@/features/search/components/search-palette').then((module) => ({
    default: module.SearchPalette,
  })),
);

export function SidebarTrigger() {
  const { toggle, isOpen, isMobile, isMobileOpen } = useSidebar();
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label="Toggle sidebar"
      aria-expanded={isMobile ? isMobileOpen : isOpen}
      title="Toggle sidebar (Ctrl+B)"
      onClick={toggle}
    >
      <PanelLeftIcon aria-hidden />
    </Button>
  );
}

/** "Search Anything..." (Ctrl/Cmd+J) and the palette it opens. */
export function SearchControl() {
  const [isOpen, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);

  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (!isShortcut(event, SEARCH_PALETTE.openKey)) return;
      event.preventDefault();
      setHasOpened(true);
      setOpen((open) => !open);
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);

  return (
    <>
      <Button
        type="button"
        variant="outline"
        // Takes the room the header has left and gives it up first on a narrow screen.
        className={cn('text-muted-foreground max-w-64 min-w-0 flex-1 justify-start font-normal')}
        onClick={() => {
          setHasOpened(true);
          setOpen(true);
        }}
      >
        <SearchIcon aria-hidden />
        <span className="truncate">Search Anything...</span>
        <kbd
          aria-hidden
          className="bg-muted ml-auto hidden rounded border px-1.5 font-mono text-[10px] sm:inline"
        >
          Ctrl J
        </kbd>
      </Button>
      {hasOpened ? (
        <NonEssential>
          <SearchPalette open={isOpen} onOpenChange={setOpen} />
        </NonEssential>
      ) : null}
    </>
  );
}
