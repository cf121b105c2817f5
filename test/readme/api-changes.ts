// The module of docs/extending.md (examples/extending/api-changes.ts), beside the test that imports it as the page does.
export { default, deleteWorkspace, fields } from '../../examples/extending/api-changes.ts'
