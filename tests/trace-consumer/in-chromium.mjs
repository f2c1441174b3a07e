// in-chromium.mjs: run page.html (the checks of checks.mjs) in headless
// Chromium and print its lines. Chromium is driven over the DevTools
// protocol on a pipe (--remote-debugging-pipe: messages are JSON, each
// ended by a NUL byte; Chromium reads fd 3 and writes fd 4), so the page
// is given all the time it needs and read once its window.done settles.
//
// Usage: node in-chromium.mjs BROWSER PROFILE_DIR PAGE_URL
// Exit status: 0 when the page's last line is "N passed, 0 failed", 1
// otherwise, 2 when the browser could not be driven (60 s at most).
import {spawn} from 'node:child_process';

const [browser, profile, url] = process.argv.slice(2);
const child = spawn(browser, ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--user-data-dir=' + profile, '--allow-file-access-from-files', '--remote-debugging-pipe',
  'about:blank'], {stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe']});
const toBrowser = child.stdio[3], fromBrowser = child.stdio[4];
let nextId = 1, buffered = '';
const waiting = new Map(), events = [];
const timer = setTimeout(() => stop(2, 'no answer from the browser in 60 s'), 60000);

// Print `message`, end the browser, and exit once it has gone (so that
// its profile folder can be removed).
let stopping = false;
function stop(status, message) {
  if (stopping)
    return;
  stopping = true;
  if (message)
    console.log((status ? 'FAIL ' : '') + message);
  clearTimeout(timer);
  if (child.exitCode !== null || child.signalCode !== null)
    process.exit(status);
  child.removeAllListeners('exit');
  child.on('exit', () => process.exit(status));
  child.kill();
}

function send(method, params = {}, sessionId) {
  const id = nextId++;
  toBrowser.write(JSON.stringify({id, method, params, sessionId}) + '\0');
  return new Promise((resolve, reject) => waiting.set(id, {resolve, reject}));
}

fromBrowser.on('data', chunk => {
  buffered += chunk.toString('utf8');
  let end;
  while ((end = buffered.indexOf('\0')) >= 0) {
    const msg = JSON.parse(buffered.slice(0, end));
    buffered = buffered.slice(end + 1);
    const w = msg.id !== undefined && waiting.get(msg.id);
    if (w) {
      waiting.delete(msg.id);
      if (msg.error)
        w.reject(new Error(msg.error.message));
      else
        w.resolve(msg.result);
    } else if (msg.method) {
      for (const e of events.splice(0))
        if (e.method === msg.method)
          e.resolve(msg.params);
        else
          events.push(e);
    }
  }
});

function event(method) {
  return new Promise(resolve => events.push({method, resolve}));
}
child.on('error', e => stop(2, 'cannot start ' + browser + ': ' + e.message));
child.on('exit', code => stop(2, 'the browser exited (' + code + ') before the page was done'));

try {
  const {targetId} = await send('Target.createTarget', {url: 'about:blank'});
  const {sessionId} = await send('Target.attachToTarget', {targetId, flatten: true});
  await send('Page.enable', {}, sessionId);
  const loaded = event('Page.loadEventFired');
  await send('Page.navigate', {url}, sessionId);
  await loaded;
  // Wait for window.done, which the page sets before it loads anything.
  const r = await send('Runtime.evaluate', {
    expression: `new Promise(ready => { const poll = () => window.done
      ? window.done.then(ready) : setTimeout(poll, 50); poll(); })`,
    awaitPromise: true, returnByValue: true}, sessionId);
  const text = r.result && r.result.value;
  if (typeof text !== 'string')
    stop(2, 'the page gave no result: ' + JSON.stringify(r));
  process.stdout.write(text);
  stop(/^\d+ passed, 0 failed$/m.test(text) ? 0 : 1);
} catch (e) {
  stop(2, 'driving the browser: ' + e.message);
}
