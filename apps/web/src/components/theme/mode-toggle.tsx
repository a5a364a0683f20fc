import { MonitorIcon, MoonIcon, SunIcon, type LucideIcon } from 'lucide-react';

import { useTheme } from '@/components/theme/theme-provider';
import { type ThemeMode } from '@/lib/theme';
import { cn } from '@/utils/cn';

const MODE_OPTIONS: { mode: ThemeMode; label: string; Icon: LucideIcon }[] = [
  { mode: 'light', label: 'Light', Icon: SunIcon },
  { mode: 'dark', label: 'Dark', Icon: MoonIcon },
  { mode: 'system', label: 'System', Icon: MonitorIcon },
];

export type ModeToggleProps = { className?: string };

/**
 * Light/dark/system switch: a radio group named "Color mode". Native radios keep it tiny (it sits in
 * the first-load bundle) and give arrow-key navigation for free. Each invisible radio covers its
 * icon, so a click lands on the control itself.
 */
export function ModeToggle({ className }: ModeToggleProps) {
  const { mode, setMode } = useTheme();
  return (
    <fieldset
      className={cn(
        'border-input inline-flex items-center gap-0.5 rounded-md border p-0.5',
        className,
      )}
    >
      <legend className="sr-only">Color mode</legend>
      {MODE_OPTIONS.map(({ mode: option, label, Icon }) => (
        <label
          key={option}
          title={label}
          className="text-muted-foreground hover:text-foreground has-[:checked]:bg-accent has-[:checked]:text-accent-foreground has-[:focus-visible]:ring-ring/50 relative inline-flex size-7 cursor-pointer items-center justify-center rounded-sm transition-colors has-[:focus-visible]:ring-[3px]"
        >
          <input
            type="radio"
            name="color-mode"
            value={option}
            checked={mode === option}
            onChange={() => setMode(option)}
            className="absolute inset-0 m-0 cursor-pointer appearance-none rounded-sm opacity-0"
          />
          <Icon className="pointer-events-none size-4" aria-hidden />
          <span className="sr-only">{label}</span>
        </label>
      ))}
    </fieldset>
  );
}
