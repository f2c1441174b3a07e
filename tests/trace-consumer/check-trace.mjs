// check-trace.mjs: parse a libnngx trace (NNGX_TRACE) with a real trace
// consumer, the trace engine of Chrome DevTools' performance panel
// (@paulirish/trace_engine, pinned in package-lock.json), under node, and
// run the checks of checks.mjs against the capture of the same run.
//
// Usage: node check-trace.mjs TRACE.json CAPTURE.json ENGINE_DIR
// (ENGINE_DIR holds node_modules/@paulirish/trace_engine). Prints one
// "ok"/"FAIL" line a check; exit status 0 when all passed, 1 otherwise.
import fs from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';

import {runChecks} from './checks.mjs';

const [tracePath, capturePath, engineDir] = process.argv.slice(2);
if (!engineDir) {
  console.error('usage: node check-trace.mjs TRACE.json CAPTURE.json ENGINE_DIR');
  process.exit(2);
}

// The engine reads DOMRect (a browser class) when it loads.
if (!globalThis.DOMRect) {
  globalThis.DOMRect = class DOMRect {
    constructor(x = 0, y = 0, width = 0, height = 0) {
      Object.assign(this, {x, y, width, height});
    }
  };
}
const Trace = await import(pathToFileURL(path.join(engineDir, 'node_modules', '@paulirish',
    'trace_engine', 'models', 'trace', 'trace.js')).href);

const {pass, fail} = await runChecks(Trace, fs.readFileSync(tracePath, 'utf8'),
    JSON.parse(fs.readFileSync(capturePath, 'utf8')), line => console.log(line));
console.log(`${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
