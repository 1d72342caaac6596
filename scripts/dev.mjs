// `npm run dev`: the API with reload (tsx watch) and the web app with hot reload (Vite on 5173,
// proxying /api, /rpc, /files and /ws to the API). Open http://localhost:5173.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");

const apiPort = process.env.PORT ?? "3000";
const children = [
  spawn("npm", ["run", "dev", "-w", "@chatsphere/server"], {
    stdio: "inherit",
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: apiPort,
      // The browser talks to Vite, whose proxy keeps the page's Host header: without a
      // PUBLIC_URL the API treats Vite's address, whichever it is, as the site (decision 0014).
    },
  }),
  spawn("npm", ["run", "dev", "-w", "@chatsphere/web"], {
    stdio: "inherit",
    env: { ...process.env, API_URL: `http://localhost:${apiPort}` },
  }),
];

const stop = () => children.forEach((child) => child.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
children.forEach((child) =>
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
