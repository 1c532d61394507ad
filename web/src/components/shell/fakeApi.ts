// Moved to web/test/fakeApi.ts. This re-export only keeps the dashboard test building until it imports
// from there; delete it then.
export * from '../../../test/fakeApi.ts';
