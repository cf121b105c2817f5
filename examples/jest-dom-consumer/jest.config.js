// Jest 30 with a DOM (jest-fixed-jsdom: jsdom with Node's fetch, streams and URL, as MSW recommends) and
// TypeScript test files (Babel strips the types), as native ES modules: run it with
// `node --experimental-vm-modules` (NODE_OPTIONS, see package.json).
export default {
  testEnvironment: 'jest-fixed-jsdom',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '\\.ts$': ['babel-jest', { presets: ['@babel/preset-typescript'] }],
  },
}
