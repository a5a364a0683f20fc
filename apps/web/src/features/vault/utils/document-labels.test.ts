import { describe, expect, it } from 'vitest';

import { canPreview, extensionBadge } from './document-labels';

describe('document labels', () => {
  it('previews what a browser shows itself: PDFs and common images', () => {
    expect(canPreview('application/pdf')).toBe(true);
    expect(canPreview('image/PNG')).toBe(true);
    expect(canPreview('image/heic')).toBe(false);
    expect(canPreview('text/plain')).toBe(false);
  });

  it('shows the extension in capitals, or "File" without one', () => {
    expect(extensionBadge('pdf')).toBe('PDF');
    expect(extensionBadge('')).toBe('File');
  });
});
