/**
 * Hands a file to the browser as a download: a temporary object URL behind an `<a download>`,
 * released once the browser has started saving it. Files the API sends come through the API
 * client (they need the bearer token), so a plain link to the API could not fetch them.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before releasing the blob.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
