import { CfileProgress } from '@/features/cfile/components/cfile-progress';

import { CfilePage } from './cfile-page';

/** `/cfile/queue?id=…`: the reading of one C-file, followed live. */
export function CfileQueueRoute() {
  return (
    <CfilePage
      title="C-file processing"
      description="Follow the progress while Muster reads your C-file."
    >
      {(cfile) => <CfileProgress cfile={cfile} />}
    </CfilePage>
  );
}
