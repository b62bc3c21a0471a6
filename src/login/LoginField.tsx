// One sign-in field with its message under it. The sign-in page keeps to plain inputs (no form library) so it
// loads little JavaScript.
import type { ReactNode } from 'react';

export function LoginField({ error, children }: { error?: string; children: ReactNode }) {
  return (
    <div className={`login-field${error ? ' login-field-invalid' : ''}`}>
      {children}
      {error ? (
        <div className="login-field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message for each field that is empty, in the fields' order. */
export function requiredErrors<K extends string>(
  values: Record<K, string>,
  messages: Partial<Record<K, string>>,
): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const key of Object.keys(messages) as K[]) if (!values[key]?.trim()) errors[key] = messages[key];
  return errors;
}
