import {
  LINK_UPLOAD_TYPES,
  type CompleteLinkUploadInput,
  type LinkUploadInput,
} from '@muster/contract/link-uploads';
import { FILE_KINDS, type StoredFile, type UploadGrant } from '@muster/contract/storage';

import type { UploadRule } from './file-checks';
import type { UploadDeps } from './upload-runner';

/**
 * A file sent through a link by someone without an account (a physician's signed letter, a
 * witness's attachment): a PDF or a picture, stored as the veteran's document. The link's own
 * routes grant and finish it; nothing is kept to resume, since only the owner can ask about an
 * upload later.
 */
export const LINK_UPLOAD_RULE: UploadRule = {
  name: 'Attached',
  maxBytes: FILE_KINDS.document.maxBytes,
  types: LINK_UPLOAD_TYPES,
};

const isLinkType = (type: string): type is LinkUploadInput['content_type'] =>
  (LINK_UPLOAD_TYPES as readonly string[]).includes(type);

/** The upload runner's calls, made through a link's grant and finish routes. */
export function linkUploadDeps(link: {
  grant: (input: LinkUploadInput) => Promise<UploadGrant>;
  complete: (input: CompleteLinkUploadInput) => Promise<StoredFile>;
}): Partial<UploadDeps> {
  return {
    createUpload: ({ filename, size, content_type: type }) => {
      // The picker refused any other type before asking; this only narrows the type.
      if (!isLinkType(type)) return Promise.reject(new Error(`Not a type a link takes: ${type}`));
      return link.grant({ filename, size, content_type: type });
    },
    completeUpload: (fileId, input) => link.complete({ ...input, file_id: fileId }),
    // An unfinished grant is replaced by the next one, and swept by the API when abandoned.
    cancelUpload: () => Promise.resolve(),
  };
}
