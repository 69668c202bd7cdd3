#!/usr/bin/env node
import { run } from '../dist/cli/main.js';

run(process.argv).then((code) => {
  process.exitCode = code;
});
