#!/usr/bin/env node
// The `payments` executable: runs the TypeScript CLI through tsx, as the rest of the project runs.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
