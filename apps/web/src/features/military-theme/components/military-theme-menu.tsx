import { MILITARY_THEMES, orderThemesForMenu } from '../utils/themes';
import { MedalIcon } from 'lucide-react';

import { useTheme } from '@/components/theme/theme-provider';
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
  const { resolvedTheme } = useTheme();
  const served = new Set(theme.servedBranches);
  // The veteran's own branches come first.
  const ordered = orderThemesForMenu(theme.servedBranches);
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
              {/* A preview of the branch's colours: its mark's tile and its primary. */}
              <span aria-hidden className="flex shrink-0 overflow-hidden rounded-sm border">
                <span className="size-3" style={{ backgroundColor: t[resolvedTheme].brand }} />
                <span className="size-3" style={{ backgroundColor: t[resolvedTheme].primary }} />
              </span>
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
