// Copy files tsc does not emit (the annotation app's browser script and stylesheet) into dist/.
import { cpSync } from 'node:fs';

cpSync('src/annotate/public', 'dist/annotate/public', { recursive: true });
