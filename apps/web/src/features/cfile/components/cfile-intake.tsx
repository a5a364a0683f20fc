import type { StoredFile } from '@muster/contract/storage';
import { useNavigate } from 'react-router';

import { FileUpload } from '@/components/upload/file-upload';

import { useCreateCfile } from '../api/create-cfile';
import { cfileHref } from '../utils/cfile-href';

/**
 * Uploads a C-file (a PDF of up to 500 MB; an upload interrupted by a reload resumes when the same
 * file is picked again) and sends it to be read; the veteran goes on to the page that follows the
 * reading.
 */
export function CfileIntake() {
  const navigate = useNavigate();
  const create = useCreateCfile();

  // A failure to start the reading leaves the upload in place: "Retry" sends it again without
  // uploading the file a second time.
  const readUpload = async (file: StoredFile) => {
    const created = await create.mutateAsync({ file_id: file.id });
    void navigate(cfileHref('queue', created.id));
  };

  return (
    <FileUpload
      kind="c-file"
      pickLabel="Choose your C-file"
      onUploaded={readUpload}
      doneMessage={(fileName) => `${fileName} was uploaded. Reading it now…`}
    />
  );
}
