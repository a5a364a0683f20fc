import { CfileConditions } from '@/features/cfile/components/cfile-conditions';

import { CfilePage, NotReadYet } from './cfile-page';

/** `/cfile/disabilities?id=…`: the conditions found in a C-file, to add as disabilities. */
export function CfileDisabilitiesRoute() {
  return (
    <CfilePage
      title="C-file conditions"
      description="The diagnoses written in your C-file and the pages they are on. A presumptive list naming a condition helps only if your service fits that list."
    >
      {(cfile) =>
        cfile.status === 'complete' ? (
          <CfileConditions cfile={cfile} />
        ) : (
          <NotReadYet cfile={cfile} />
        )
      }
    </CfilePage>
  );
}
