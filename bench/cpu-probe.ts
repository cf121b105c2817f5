/**
 * Preloaded (`node --import`) into every server the HTTP benchmark starts: answers `'cpu'` on the IPC
 * channel with the process's CPU time, so the benchmark can report CPU per request, a measure far less
 * sensitive than requests per second to what else the machine is doing.
 */
process.channel?.unref()
process.on('message', (message) => {
  if (message === 'cpu') process.send?.(process.cpuUsage())
})
