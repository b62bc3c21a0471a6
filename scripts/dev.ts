// `npm run dev`: the API server on PORT (default 8080) restarted on change, and Vite on VITE_PORT (default 1888)
// with hot reload, proxying /api to the server. Open the Vite address.
import { spawn } from 'node:child_process';

// Development offers the social sign-in simulator unless SOCIAL_PROVIDERS says otherwise (the server logs it).
const env = { ...process.env, SOCIAL_PROVIDERS: process.env.SOCIAL_PROVIDERS ?? 'simulator' };
// Vite loads its config through its module runner, which reads the runtime's extensionless imports as the build
// does; the default loader would warn about each one.
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite', '--configLoader', 'runner'], { stdio: 'inherit' }),
];

const stop = (): void => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
