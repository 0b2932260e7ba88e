// `npm run dev`: the API with reload (tsx watch) and the web app with hot reload (Vite, proxying /api).
import { spawn } from 'node:child_process';

const procs = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], { stdio: 'inherit', env: { ...process.env } }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit', env: { ...process.env } }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) => p.on('exit', (code) => { if (code) { stop(); process.exitCode = code; } }));
console.log('web: http://localhost:5173 (hot reload)   api: http://localhost:3000/api');
