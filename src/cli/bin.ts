#!/usr/bin/env node
// first: V8's tier-up budget, before the code it governs is loaded (tier-up.ts)
import './tier-up.js';
import { EXIT } from '../core/errors.js';
import { main } from './main.js';
import { exitQuietlyWhenOutputCloses } from './closed-output.js';
import { exitAtOnce } from './exit-at-once.js';

exitQuietlyWhenOutputCloses();

main(process.argv).then(
  (code) => {
    process.exitCode = code;
    exitAtOnce(code);
  },
  () => {
    process.exitCode = EXIT.internal;
  },
);
