// A production build checks every page file against the page schema (scripts/definition-validator.ts) and refuses
// an invalid one; the pages the product ships pass it.
import { describe, expect, it } from 'vitest';
import { pageFileProblems } from '../../scripts/definition-validator';

describe('the build check of page files', () => {
  it('passes every page the product ships', () => {
    expect(pageFileProblems()).toEqual([]);
  });
});
