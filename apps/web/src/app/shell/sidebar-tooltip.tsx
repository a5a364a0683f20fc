import type { ReactElement } from 'react';

import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

export type SidebarTooltipProps = { label: string; children: ReactElement };

/** The name of an icon-only sidebar control, shown beside it on hover and on keyboard focus. */
export function SidebarTooltip({ label, children }: SidebarTooltipProps) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}
