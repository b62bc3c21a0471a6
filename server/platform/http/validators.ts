// Route input validators compiled once per distinct schema. Most routes repeat a few schemas (every resource's list,
// detail and remove take the same query), and compiling is most of what building the app costs; Fastify's own
// compiler compiles each route's copy again.
import { AjvCompiler } from '@fastify/ajv-compiler';

type BuildValidator = ReturnType<typeof AjvCompiler>;
type CompileValidator = ReturnType<BuildValidator>;
type Validator = ReturnType<CompileValidator>;

// One per process, as Fastify's default is per app: it keeps one Ajv per set of shared schemas and options.
const buildFromPool = AjvCompiler();
const compiled = new Map<string, Validator>();

export const buildValidator: BuildValidator = (externalSchemas, options) => {
  const compile = buildFromPool(externalSchemas, options);
  const setting = JSON.stringify([externalSchemas, options?.customOptions]);
  return (route) => {
    // The part of the request (query, body, params) does not change how a schema validates.
    const key = `${setting}|${JSON.stringify(route.schema)}`;
    let validator = compiled.get(key);
    if (!validator) {
      validator = compile(route);
      compiled.set(key, validator);
    }
    return validator;
  };
};
