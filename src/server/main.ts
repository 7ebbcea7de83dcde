import { buildApp } from "#server/app.ts";
import { ConfigError, demoWarning, loadConfig } from "#server/config.ts";

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Ringside is serving ${config.publicUrl} (${config.database.kind}${config.demo ? ", demo mode" : ""})`,
  );
  const warning = demoWarning(config);
  if (warning) app.log.warn(warning);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Graceful shutdown (ADR 021): the listener closes, live streams are told to reconnect elsewhere,
    // requests in flight finish (answered with Connection: close), then the database closes.
    app.log.info(`${signal} received: finishing in-flight requests, then closing the database`);
    const started = performance.now();
    const timer = setTimeout(() => {
      app.log.error("shutdown took longer than 10 s; exiting");
      process.exit(1);
    }, 10_000);
    timer.unref();
    await app.close();
    app.log.info(`closed in ${Math.round(performance.now() - started)} ms`);
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error("Ringside failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
