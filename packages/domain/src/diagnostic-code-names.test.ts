import { describe, expect, it } from 'vitest';
import { catalogueNameForDiagnosticCode, nameForDiagnosticCode } from './diagnostic-code-names.ts';

describe('nameForDiagnosticCode', () => {
  it('names a code the catalogue lists for one condition', () => {
    expect(nameForDiagnosticCode('6260')).toBe('Tinnitus (ringing or hissing in ears)');
    expect(nameForDiagnosticCode('9411')).toBe('PTSD (post-traumatic stress disorder)');
  });

  it('names a code whose labels differ only by side of body without the side', () => {
    expect(nameForDiagnosticCode('6100')).toBe('Hearing loss');
  });

  it('falls back to the code when the catalogue has no single name', () => {
    // 5237 covers neck, middle and lower back strains of different classifications.
    expect(catalogueNameForDiagnosticCode('5237')).toBeNull();
    expect(nameForDiagnosticCode('5237')).toBe('Diagnostic code 5237');
    expect(nameForDiagnosticCode('0000')).toBe('Diagnostic code 0000');
  });
});
