#!/usr/bin/env node
import { EXIT } from '../core/errors.js';
import { main } from './main.js';
import { exitQuietlyWhenOutputCloses } from './closed-output.js';

exitQuietlyWhenOutputCloses();

main(process.argv).then(
  (code) => {
    process.exitCode = code;
  },
  () => {
    process.exitCode = EXIT.internal;
  },
);
