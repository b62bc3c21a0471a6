import { describe, expect, it } from 'vitest';
import { isHttpUrl, phoneProblem } from '../../src/validate/fields';

describe('phone helper', () => {
  it('says an empty number is missing', () => {
    expect(phoneProblem('')).toBe('phone.empty');
    expect(phoneProblem('   ')).toBe('phone.empty');
    expect(phoneProblem(undefined)).toBe('phone.empty');
  });

  it('says a number of another length is not 11 digits', () => {
    expect(phoneProblem('1381234567')).toBe('phone.length');
    expect(phoneProblem('138123456789')).toBe('phone.length');
  });

  it('accepts a mainland mobile number and refuses landline-looking or malformed ones', () => {
    expect(phoneProblem('13812345678')).toBeUndefined();
    expect(phoneProblem('19912345678')).toBeUndefined();
    expect(phoneProblem('01012345678')).toBe('phone.format');
    expect(phoneProblem('12812345678')).toBe('phone.format');
    expect(phoneProblem('1381234567a')).toBe('phone.format');
  });
});

describe('URL check', () => {
  it('accepts only http and https addresses', () => {
    expect(isHttpUrl('http://example.com/a')).toBe(true);
    expect(isHttpUrl('HTTPS://example.com')).toBe(true);
    expect(isHttpUrl('ftp://example.com')).toBe(false);
    expect(isHttpUrl('example.com')).toBe(false);
    expect(isHttpUrl('')).toBe(false);
  });
});
