/**
 * What the process does with an error that got past every handler (docs/decisions/036-nothing-stops-the-server.md):
 * it logs it and keeps serving, instead of Node's default of exiting, which would end every user's HTTP and MQTT
 * connections for one request's sake.
 */

interface StrayErrorLog {
  fatal(object: object, message: string): void;
}

/**
 * The error's class, code and stack frames: not its message or its other properties, which can carry what a client
 * sent (`new URL`'s TypeError keeps the input, a query error the values).
 */
export function strayErrorFields(error: unknown): { type: string; code?: string; stack?: string } {
  if (!(error instanceof Error)) return { type: error === null ? 'null' : typeof error };
  const { code } = error as { code?: unknown };
  const frames = error.stack
    ?.split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');
  return { type: error.name, ...(typeof code === 'string' && { code }), ...(frames && { stack: frames }) };
}

/**
 * Logs uncaught exceptions and unhandled rejections and keeps the process running. Installed once the server
 * listens: a failure to start still ends the process. Answers a function that removes the listeners.
 */
export function keepServingOnStrayErrors(log: StrayErrorLog): () => void {
  const onException = (error: unknown) =>
    log.fatal({ stray: strayErrorFields(error) }, 'uncaught exception: logged, the server keeps serving');
  const onRejection = (reason: unknown) =>
    log.fatal({ stray: strayErrorFields(reason) }, 'unhandled rejection: logged, the server keeps serving');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
