// The largest file put-file accepts: UPLOAD_MAX_MB (default 10), read when the routes are registered.
export const DEFAULT_UPLOAD_MAX_MB = 10;

export function uploadMaxBytes(env: NodeJS.ProcessEnv = process.env): number {
  const mb = Number(env.UPLOAD_MAX_MB);
  return Math.round((Number.isFinite(mb) && mb > 0 ? mb : DEFAULT_UPLOAD_MAX_MB) * 1024 * 1024);
}
