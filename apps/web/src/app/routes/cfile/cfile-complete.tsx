import { CfileSummary } from '@/features/cfile/components/cfile-summary';

import { CfilePage, NotReadYet } from './cfile-page';

/** `/cfile/complete?id=…`: what was found in a C-file, and what to do with it. */
export function CfileCompleteRoute() {
  return (
    <CfilePage
      title="C-file summary"
      description="What Muster found in your C-file. Nothing here replaces the file itself: keep it."
    >
      {(cfile) =>
        cfile.status === 'complete' ? <CfileSummary cfile={cfile} /> : <NotReadYet cfile={cfile} />
      }
    </CfilePage>
  );
}
