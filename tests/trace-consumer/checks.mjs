// checks.mjs: what tests/check-trace-consumer.sh checks of a libnngx
// trace once a real trace consumer, the trace engine of Chrome DevTools'
// performance panel, has parsed it; shared by check-trace.mjs (node) and
// page.html (headless Chromium), so both run the very same checks.
//
// The capture of the same run (NNGX_CAPTURE, JSON) records what the
// program did independently of the trace. Checked:
//   - frames: one slice a frame on the "frames" track, from the frame's
//     start clock to its end clock;
//   - draws: one slice a draw on the "draws and command fetches" track, in
//     order, at the draw's clocks; a span of the draw on each module track
//     whose module the draw kept busy (capture work[] > 0) and on no other,
//     inside the draw's slice;
//   - flows: the engine's flows are exactly one per draw and module other
//     than the command module with work, from the draw's slice to the
//     module span (the command module's span starts with the draw: its
//     flow has no length, and DevTools keys a flow's ends by timestamp, so
//     it draws none);
//   - counters: among the events the engine accepted, one counter event
//     per counter group at frame 0's start, then at a frame's start only
//     when a value of the group changed, holding the capture's values.
// Then the trace cut at several points, mid-record among them, loaded as a
// viewer loads an array-form trace that was never closed (the Trace Event
// Format lets the closing bracket be missing; Perfetto's reader also drops
// an event cut in the middle): the engine parses it, and what it finds is
// the start of what it found in the whole trace, with every complete frame.

// Nanoseconds of virtual time at a GPU clock, as the trace writes them
// (268 clocks a microsecond, rounded down), and of a trace time.
const clockNs = c => Math.floor(c * 1000 / 268);
const ns = us => Math.round(us * 1000);

// What a viewer does with an array-form trace: the whole text when it is
// JSON; else keep the complete lines (one event each, the line being
// written when the trace was cut dropped), drop the comma after the last
// one, and close the array.
export function loadLikeAViewer(text) {
  try {
    return JSON.parse(text);
  } catch {
    // not closed: below
  }
  if (!text.startsWith('['))
    throw new Error('not a JSON array');
  const keep = text.slice(0, text.lastIndexOf('\n') + 1).replace(/,\n$/, '\n');
  if (keep === '' || keep === '[\n')
    return [];
  return JSON.parse(keep + ']');
}

// Run every check with the engine module `Trace` on the trace's text and
// the parsed capture; print(line) gets one "ok"/"FAIL" line a check.
// Returns {pass, fail}.
export async function runChecks(Trace, text, cap, print) {
  let pass = 0, fail = 0;
  function check(cond, what, detail) {
    if (cond) {
      pass++;
      print('ok ' + what);
    } else {
      fail++;
      print('FAIL ' + what + (detail === undefined ? '' : ': ' + detail));
    }
    return cond;
  }

  async function parse(events) {
    const model = Trace.TraceModel.Model.createWithAllHandlers();
    await model.parse(events);
    const parsed = model.parsedTrace();
    return {data: parsed.data, accepted: parsed.traceEvents};
  }

  // What the engine found: the tracks of process 1 by name, their slices,
  // the flows as "draw N:track" strings, the counter events it accepted.
  function found({data, accepted}) {
    const proc = data.Renderer.processes.get(1);
    const tracks = new Map();
    if (proc)
      for (const [tid, t] of proc.threads)
        tracks.set(tid, {name: t.name, entries: t.entries ?? []});
    const flows = data.Flows.flows.map(f => {
      const from = f[0], to = f[f.length - 1];
      return {length: f.length, name: from.name, from: from.tid, to: to.tid,
              key: from.name + ':' + to.tid};
    });
    const counters = accepted.filter(e => e.ph === 'C');
    return {tracks, flows, counters, bounds: data.Meta.traceBounds};
  }

  function trackByName(f, name) {
    for (const [tid, t] of f.tracks)
      if (t.name === name)
        return {tid, ...t};
    return null;
  }

  const mods = cap.modules.map(m => m.key);
  const frames = cap.frames;
  const draws = frames.flatMap(fr => fr.events.filter(e => e.kind === 'draw'));

  let events;
  try {
    events = JSON.parse(text);
    check(Array.isArray(events), 'the finished trace is a strict JSON array of ' + events.length
          + ' events');
  } catch (e) {
    check(false, 'the finished trace is strict JSON', e.message);
    return {pass, fail};
  }
  const full = found(await parse(events));
  const lastEnd = clockNs(frames[frames.length - 1].end_clock);
  check(full.bounds && ns(full.bounds.max) >= lastEnd,
        'the engine parsed the trace: bounds ' + JSON.stringify(full.bounds));

  // Frames.
  const frameTrack = trackByName(full, 'frames');
  const frameSlices = frameTrack ? frameTrack.entries.filter(e => e.ph === 'X') : [];
  check(frameSlices.length === frames.length
        && frameSlices.every((e, i) => e.name === 'frame ' + frames[i].frame
            && ns(e.ts) === clockNs(frames[i].start_clock)
            && ns(e.ts) + ns(e.dur) === clockNs(frames[i].end_clock)),
        frames.length + ' frame slices at the capture\'s frame clocks',
        JSON.stringify(frameSlices.map(e => [e.name, e.ts, e.dur])));

  // Draws and their module spans.
  const workTrack = trackByName(full, 'draws and command fetches');
  const drawSlices = workTrack
    ? workTrack.entries.filter(e => e.ph === 'X' && e.name.startsWith('draw ')) : [];
  check(draws.length > 0 && drawSlices.length === draws.length
        && drawSlices.every((e, i) => e.name === 'draw ' + i
            && ns(e.ts) === clockNs(draws[i].start_clock)
            && ns(e.ts) + ns(e.dur) === clockNs(draws[i].end_clock)),
        draws.length + ' draw slices, in order, at the capture\'s draw clocks',
        JSON.stringify(drawSlices.slice(0, 4).map(e => [e.name, e.ts, e.dur])));
  let spansOk = true, spans = 0;
  const spanDetail = [];
  mods.forEach((key, m) => {
    const t = full.tracks.get(m + 1);
    const byName = new Map();
    for (const e of t ? t.entries : [])
      if (e.ph === 'X' && e.name.startsWith('draw '))
        byName.set(e.name, e);
    draws.forEach((d, i) => {
      const s = byName.get('draw ' + i), slice = drawSlices[i];
      const want = d.work[m] > 0;
      if (want !== (s !== undefined)) {
        spansOk = false;
        spanDetail.push(`draw ${i} ${key}: work ${d.work[m]}, span ${s !== undefined}`);
      } else if (s && slice && (ns(s.ts) < ns(slice.ts)
                 || ns(s.ts) + ns(s.dur) > ns(slice.ts) + ns(slice.dur)
                 || (m === 0 && ns(s.ts) !== ns(slice.ts)))) {
        spansOk = false;
        spanDetail.push(`draw ${i} ${key}: span ${s.ts}+${s.dur} outside ${slice.ts}+${slice.dur}`);
      }
      spans += s !== undefined;
    });
  });
  check(spansOk && spans > draws.length, spans + ' module spans: on each module a draw kept busy'
        + ' (capture work > 0) and no other, inside the draw', spanDetail.slice(0, 5).join('; '));

  // Flows.
  const wantFlows = [];
  draws.forEach((d, i) => mods.forEach((key, m) => {
    if (m > 0 && d.work[m] > 0)
      wantFlows.push('draw ' + i + ':' + (m + 1));
  }));
  const gotFlows = full.flows.map(f => f.key).sort();
  wantFlows.sort();
  check(wantFlows.length > 0 && JSON.stringify(gotFlows) === JSON.stringify(wantFlows)
        && full.flows.every(f => f.length === 2 && f.from === workTrack.tid),
        full.flows.length + ' flows, one from each draw to each module span after the command '
        + 'fetch', `got ${gotFlows.length}, want ${wantFlows.length}: `
        + gotFlows.filter(k => !wantFlows.includes(k)).concat(
            wantFlows.filter(k => !gotFlows.includes(k))).slice(0, 6).join(' '));

  // Counters.
  const wantCounters = [];
  frames.forEach((fr, i) => {
    const groups = new Map();
    for (const [name, v] of Object.entries(fr.counters)) {
      const [g, k] = name.split('.');
      if (!groups.has(g))
        groups.set(g, {});
      groups.get(g)[k] = v;
    }
    for (const [g, vals] of groups) {
      const prev = i > 0 ? frames[i - 1].counters : null;
      if (prev && Object.keys(vals).every(k => prev[g + '.' + k] === vals[k]))
        continue;
      wantCounters.push(JSON.stringify([g, clockNs(fr.start_clock), vals]));
    }
  });
  const gotCounters = full.counters.map(e => JSON.stringify([e.name, ns(e.ts), e.args]));
  check(wantCounters.length > 0 && JSON.stringify(gotCounters.slice().sort())
        === JSON.stringify(wantCounters.slice().sort()),
        full.counters.length + ' counter events: each group at frame 0, then when a value changed, '
        + 'with the capture\'s values', `got ${gotCounters.length}, want ${wantCounters.length}`);

  // Cut anywhere: at twelve points through the file (mid-record, mostly)
  // and just after the first frame's slice was written.
  const cuts = [];
  for (let k = 1; k <= 12; k++)
    cuts.push(Math.floor(text.length * k / 13));
  const firstFrame = text.indexOf('{"name":"frame 0"');
  cuts.push(text.indexOf('\n', firstFrame) + 1);
  let cutsOk = true, midRecord = 0;
  const cutDetail = [];
  const prefixOf = (part, whole) => part.length <= whole.length
    && part.every((e, i) => e === whole[i]);
  const fullFrameNames = frameSlices.map(e => e.name);
  const fullDrawNames = drawSlices.map(e => e.name);
  for (const cut of cuts) {
    const part = text.slice(0, cut);
    midRecord += !part.endsWith('\n');
    let got;
    try {
      got = found(await parse(loadLikeAViewer(part)));
    } catch (e) {
      cutsOk = false;
      cutDetail.push(`cut at ${cut}: ${e.message}`);
      continue;
    }
    // The frames whose slice is on a complete line of the cut text.
    const complete = part.slice(0, part.lastIndexOf('\n') + 1);
    const wantFrames = (complete.match(/^\{"name":"frame \d+","ph":"X"/gm) || []).length;
    const ft = trackByName(got, 'frames');
    const fnames = ft ? ft.entries.filter(e => e.ph === 'X').map(e => e.name) : [];
    const wt = trackByName(got, 'draws and command fetches');
    const dnames = wt ? wt.entries.filter(e => e.ph === 'X' && e.name.startsWith('draw '))
      .map(e => e.name) : [];
    const fullKeys = new Set(gotFlows);
    if (fnames.length !== wantFrames || !prefixOf(fnames, fullFrameNames)
        || !prefixOf(dnames, fullDrawNames) || !got.flows.every(f => fullKeys.has(f.key))) {
      cutsOk = false;
      cutDetail.push(`cut at ${cut}: ${fnames.length} frames (want ${wantFrames}), `
                     + `${dnames.length} draws, ${got.flows.length} flows`);
    }
  }
  check(cutsOk && midRecord >= 10, `the trace cut at ${cuts.length} points (${midRecord} `
        + 'mid-record) loads: every complete frame, the first draws and flows',
        cutDetail.join('; '));
  return {pass, fail};
}
