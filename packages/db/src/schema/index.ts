export * from './auth.ts';
export * from './billing.ts';
export * from './user-profiles.ts';
export * from './files.ts';
export * from './job-state.ts';
export * from './threads.ts';
export * from './encryption-sweeps.ts';
export * from './veterans.ts';
