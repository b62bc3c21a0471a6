// What the sign-in forms show when the token endpoint refuses: its error_description, or why it was not reached.

import { ApiError, i18n } from '@ride-console/runtime/shell';
import { SignInError } from '../session/auth-api';
import { describeFailure } from '../session/http-setup';

export function signInFailureText(failure: unknown): string {
  if (failure instanceof SignInError) return failure.message;
  if (failure instanceof ApiError) return describeFailure(failure.message, failure.code);
  return i18n.t('shell:login.failed');
}
