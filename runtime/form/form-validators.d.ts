// The modules scripts/form-validators.ts builds: each shipped page's forms compiled by ajv, and the check of the
// server's field limits.
declare module 'virtual:form-validators' {
  import type { RJSFSchema } from '@rjsf/utils';
  import type { CustomValidatorOptionsType, ValidatorFunctions } from '@rjsf/validator-ajv8';

  /** A module of compiled validators: its default export answers them by schema hash, given ajv's helpers. */
  interface FormValidatorsModule {
    default: (require: (name: string) => unknown) => ValidatorFunctions;
  }

  /** By page id (`system/param`): loads that page's compiled forms, a chunk of its own. */
  export const shippedPages: Record<string, (() => Promise<FormValidatorsModule>) | undefined>;
  /** The check of the server's limits (validator-options.ts, LIMITS_SCHEMA), compiled once. */
  export const limitsValidators: FormValidatorsModule;
  /** Development and tests only: compiles a form no page ships, in process. Undefined in the operators' build. */
  export const compileMissing:
    | ((
        schema: RJSFSchema,
        options: CustomValidatorOptionsType,
        require: (name: string) => unknown,
      ) => ValidatorFunctions)
    | undefined;
}
