import { MILITARY_THEMES } from '@muster/domain/themes';
import { MedalIcon } from 'lucide-react';

import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

import { useMilitaryTheme } from './military-theme-provider';

/** Sidebar footer menu: choose a branch (auto-enables), turn the theme on or off, reset. */
export function MilitaryThemeMenu() {
  const theme = useMilitaryTheme();
  const served = new Set(theme.servedBranches);
  // Branches served in come first.
  const ordered = [...MILITARY_THEMES].sort(
    (a, b) => Number(served.has(b.slug)) - Number(served.has(a.slug)),
  );
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="ghost" size="icon" aria-label="Military theme">
          <MedalIcon className="size-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" side="top" className="w-64">
        <DropdownMenuLabel>Military theme</DropdownMenuLabel>
        <DropdownMenuCheckboxItem checked={theme.isEnabled} onCheckedChange={() => theme.toggle()}>
          Use military theme
        </DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup
          value={theme.selectedBranch ?? ''}
          onValueChange={(value) => {
            const match = MILITARY_THEMES.find((t) => t.slug === value);
            if (match) theme.choose(match.slug);
          }}
        >
          {ordered.map((t) => (
            <DropdownMenuRadioItem key={t.slug} value={t.slug}>
              {t.displayName}
              {served.has(t.slug) ? (
                <span className="text-muted-foreground ml-auto text-xs">Served</span>
              ) : null}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => theme.reset()}>Reset theme</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
