// Every browser test doubles as a check of the Content-Security-Policy: a test after which Chromium reported a
// refused script, style, image or frame fails, naming what was refused.
import { afterEach, expect } from 'vitest';
import { cspViolations } from './harness';

afterEach(() => {
  expect(cspViolations.splice(0)).toEqual([]);
});
