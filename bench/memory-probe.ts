/**
 * Preloaded (`node --expose-gc --import ./bench/memory-probe.ts`) into the server the soak test starts:
 * answers `'memory'` on the IPC channel with the process's memory after a full collection, so that a
 * growing heap is told apart from garbage not yet collected.
 */
process.channel?.unref()
process.on('message', (message) => {
  if (message !== 'memory') return
  ;(globalThis as { gc?: () => void }).gc?.()
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage()
  process.send?.({ rss, heapUsed, heapTotal, external, arrayBuffers })
})
