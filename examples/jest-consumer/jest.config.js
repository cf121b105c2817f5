// Jest 30 with native ES modules: plain .js test files, nothing to transform. Run Jest with
// `node --experimental-vm-modules` (NODE_OPTIONS, see package.json): MSW 3 ships ES modules only.
export default {
  testEnvironment: 'node',
  transform: {},
}
