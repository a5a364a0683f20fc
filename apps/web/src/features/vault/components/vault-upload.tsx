import { documentNameSchema } from '@muster/contract/documents';
import type { StoredFile } from '@muster/contract/storage';

import { FileUpload } from '@/components/upload/file-upload';

import { useCreateDocument } from '../api/create-document';

/**
 * Adds a document to the vault: the file is uploaded, then filed under its own name (a name the
 * vault would refuse is left for the API to choose).
 */
export function VaultUpload() {
  const createDocument = useCreateDocument();

  const fileDocument = async (file: StoredFile, source: File) => {
    const name = documentNameSchema.safeParse(source.name);
    await createDocument.mutateAsync({
      file_id: file.id,
      ...(name.success ? { name: name.data } : {}),
    });
  };

  return (
    <FileUpload
      kind="document"
      onUploaded={fileDocument}
      doneMessage={(fileName) => `${fileName} was added to your vault.`}
    />
  );
}
