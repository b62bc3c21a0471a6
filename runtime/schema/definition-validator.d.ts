// The validators scripts/definition-validator.ts compiles from page.schema.json and options.schema.json.
declare module 'virtual:definition-validator' {
  interface CompiledError {
    instancePath: string;
    message?: string;
    keyword: string;
    params: Record<string, unknown>;
  }
  interface Compiled {
    (data: unknown): boolean;
    errors?: CompiledError[] | null;
  }
  export const validatePage: Compiled;
  /** By `formatters/<name>` or `widgets/<name>`. */
  export const optionValidators: Record<string, Compiled | undefined>;
  /** The keys of each closed object, by `page` or by the option schema's name (`formatters/money`). */
  export const closedObjects: Record<string, string[][] | undefined>;
}
