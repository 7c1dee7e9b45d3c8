// The child process of `mapInChildren`: runs the named function on each item it is sent and sends back the result.
process.on('message', async (m: { module: string; name: string; at: number; item: unknown }) => {
  try {
    const mod = await import(m.module);
    process.send!({ at: m.at, result: await mod[m.name](m.item) });
  } catch (err) {
    process.send!({ at: m.at, error: err instanceof Error ? err.message : String(err) });
  }
});
