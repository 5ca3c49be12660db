/** The rejections nobody handled while `body` ran, its microtasks included. */
export async function unhandledDuring(body: () => Promise<void>): Promise<unknown[]> {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    await body();
    // A rejection nobody handles is reported once the microtasks have run: before this.
    await new Promise((resolve) => setImmediate(resolve));
    return unhandled;
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
}
