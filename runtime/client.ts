// The runtime's request client on its own, for the sign-in page and the shell's session wiring: importing it loads
// nothing of the screens (definitions, dictionaries, registry), which `index.ts` brings with it.

export { api, type PathOf } from './http/api';
export {
  ApiError,
  type CallGuard,
  configureHttp,
  guardCalls,
  HELD_CALL,
  type HttpConfig,
  hashPassword,
  http,
  preparePasswordHash,
  type QueryValue,
  type RequestOptions,
  request,
} from './http/client';
