import type { SearchResult } from '@muster/contract/search';
import { threadTitle } from '@muster/contract/threads';

import { SEARCH_PALETTE } from '@/config/constants';
import { paths } from '@/config/paths';

export type PaletteItem = {
  /** Unique within the palette (cmdk value). */
  key: string;
  label: string;
  detail?: string;
  badge?: string;
  href: string;
};
export type PaletteGroup = {
  heading: 'Disabilities' | 'Documents' | 'Threads';
  items: PaletteItem[];
};

/** The palette's groups; empty groups are left out; threads capped at 10. */
export function toPaletteGroups(result: SearchResult | undefined): PaletteGroup[] {
  if (!result) return [];
  const groups: PaletteGroup[] = [
    {
      heading: 'Disabilities',
      items: result.disabilities.map((d) => ({
        key: `disability-${d.id}`,
        label: d.title,
        detail: d.diagnosis ? `Diagnosis: ${d.diagnosis}` : 'Not diagnosed',
        href: paths.disabilities.wizard.getHref(d.id),
      })),
    },
    {
      heading: 'Documents',
      items: result.documents.map((doc) => ({
        key: `document-${doc.id}`,
        label: doc.name,
        badge: doc.extension,
        href: paths.vault.getHref(),
      })),
    },
    {
      heading: 'Threads',
      items: result.threads.slice(0, SEARCH_PALETTE.threadLimit).map((t) => ({
        key: `thread-${t.id}`,
        label: threadTitle(t),
        href: paths.chats.detail.getHref(t.id),
      })),
    },
  ];
  return groups.filter((group) => group.items.length > 0);
}
