/** Follows a signed link: its answer says whether the browser shows or saves the file. */
export function followLink(url: string, target?: '_blank') {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener noreferrer';
  if (target) link.target = target;
  document.body.append(link);
  link.click();
  link.remove();
}
