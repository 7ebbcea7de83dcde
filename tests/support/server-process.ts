import { type ChildProcess, spawn } from "node:child_process";

export interface ServerProcess {
  /** Where it listens, as it said when it started. */
  url: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null after a signal) once it has exited. */
  exited: Promise<number | null>;
}

/** Starts the real entry point (src/server/main.ts through tsx) and resolves once it listens. */
export function startServerProcess(env: Record<string, string | undefined>): Promise<ServerProcess> {
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) resolve({ url: match[1]!, child, output: () => output, exited });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    void exited.then((code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}
