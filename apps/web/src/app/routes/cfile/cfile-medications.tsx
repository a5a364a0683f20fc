import { CfileMedications } from '@/features/cfile/components/cfile-medications';

import { CfilePage, NotReadYet } from './cfile-page';

/** `/cfile/medications?id=…`: the medications found in a C-file. */
export function CfileMedicationsRoute() {
  return (
    <CfilePage
      title="C-file medications"
      description="The medications written in your C-file, with the dose seen most often, when they were first and last seen, and the pages they are on."
    >
      {(cfile) =>
        cfile.status === 'complete' ? (
          <CfileMedications cfile={cfile} />
        ) : (
          <NotReadYet cfile={cfile} />
        )
      }
    </CfilePage>
  );
}
