import { paths } from '@/config/paths';

/** The C-file pages that show one file, named by `?id=`. */
export type CfileView = 'queue' | 'medications' | 'disabilities' | 'complete';

/** A C-file page for one file: `/cfile/queue?id=…`. */
export function cfileHref(view: CfileView, cfileId: string): string {
  return `${paths.cfile[view].getHref()}?${new URLSearchParams({ id: cfileId }).toString()}`;
}
