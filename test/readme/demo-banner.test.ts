/**
 * The banner docs/demo-server.md shows is what the command prints for those flags, word for word (the
 * address and the start-up time aside): the pack test holds the packed `npx workspace-api-mock` to it too.
 */
import { expect, test } from 'vitest'
import { startCli } from '../cli/cli-process.ts'
import { asDocumented, documentedBanner } from '../package/readme-blocks.ts'

test('docs/demo-server.md shows the banner the command prints', async () => {
  const { args, text } = documentedBanner()
  expect(args).toEqual(['--scenario', 'multi-tenant', '--seed', '7'])
  const cli = await startCli(args)
  try {
    expect(asDocumented(cli.stdout(), cli.url, text)).toBe(text)
  } finally {
    await cli.stop()
  }
})
